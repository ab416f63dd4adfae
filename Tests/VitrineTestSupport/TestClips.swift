import Foundation

/// Small clips for the tests, made with ffmpeg: every frame one flat colour that
/// encodes its number, so a picture of the screen tells which frame of which clip it shows.
public enum TestClips {
    /// Frames a second of every clip.
    public static let fps = 10

    /// The colour of frame `n` of clip `variant`: red counts the frames, green and blue name the clip.
    public static func color(frame n: Int, variant: Int = 0) -> (r: Int, g: Int, b: Int) {
        (20 + n * 10, 60 + 70 * (variant % 3), 200 - 60 * (variant % 3))
    }

    /// The frame showing `seconds` into a clip.
    public static func frame(at seconds: Double) -> Int { Int((seconds * Double(fps) + 1e-6).rounded(.down)) }

    public enum Codec: String, Sendable {
        case h264 = "mp4"
        case vp9 = "webm"
        var arguments: [String] {
            switch self {
            case .h264: return ["-c:v", "libx264", "-preset", "ultrafast"]
            case .vp9: return ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8"]
            }
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Writes a clip of `seconds` (at most 2 s: red must stay under 255) at `path`.
    public static func write(
        _ path: String, seconds: Double = 2, codec: Codec = .h264, variant: Int = 0, width: Int = 320,
        height: Int = 240
    ) throws {
        let c = color(frame: 0, variant: variant)
        let source =
            "color=c=black:s=\(width)x\(height):r=\(fps):d=\(seconds),format=rgb24,"
            + "geq=r='\(c.r)+N*10':g='\(c.g)':b='\(c.b)'"
        let arguments =
            ["-v", "error", "-y", "-f", "lavfi", "-i", source] + codec.arguments
            + ["-pix_fmt", "yuv420p", "-g", "5", path]
        let output = try ChildProcess.run(arguments, executable: "/usr/bin/ffmpeg")
        guard output.status == 0 else { throw Failure(description: "ffmpeg failed: \(output.stderr)") }
    }

    /// A 1 s, 320×180 clip, red on the left half and blue on the right, tagged to be turned
    /// `rotate` degrees clockwise as phones tag their clips.
    public static func writeHalves(_ path: String, rotate: Int) throws {
        let plain = path + ".plain.mp4"
        let source = "color=c=red:s=320x180:r=\(fps):d=1,drawbox=x=160:y=0:w=160:h=180:color=blue:t=fill"
        for arguments in [
            ["-v", "error", "-y", "-f", "lavfi", "-i", source] + Codec.h264.arguments + ["-pix_fmt", "yuv420p", plain],
            ["-v", "error", "-y", "-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=\(rotate)", path],
        ] {
            let output = try ChildProcess.run(arguments, executable: "/usr/bin/ffmpeg")
            guard output.status == 0 else { throw Failure(description: "ffmpeg failed: \(output.stderr)") }
        }
        try FileManager.default.removeItem(atPath: plain)
    }

    /// The colour of the top half of frame `n` of a `writeTopAndBottom` clip (red counts the frames).
    public static func topColor(frame n: Int) -> (r: Int, g: Int, b: Int) { (20 + n * 10, 130, 60) }
    /// The colour of its bottom half, the same in every frame.
    public static let bottomColor = (r: 30, g: 60, b: 220)

    /// A 2 s, 320×240 clip whose top half counts the frames in its red and whose bottom half
    /// is another colour: a picture of it tells the frame, which way up it is and the channel order.
    public static func writeTopAndBottom(_ path: String) throws {
        let top = topColor(frame: 0)
        let bottom = bottomColor
        let source =
            "color=c=black:s=320x240:r=\(fps):d=2,format=rgb24,"
            + "geq=r='if(lt(Y,H/2),\(top.r)+N*10,\(bottom.r))':g='if(lt(Y,H/2),\(top.g),\(bottom.g))'"
            + ":b='if(lt(Y,H/2),\(top.b),\(bottom.b))'"
        let arguments =
            ["-v", "error", "-y", "-f", "lavfi", "-i", source] + Codec.h264.arguments
            + ["-pix_fmt", "yuv420p", "-g", "5", path]
        let output = try ChildProcess.run(arguments, executable: "/usr/bin/ffmpeg")
        guard output.status == 0 else { throw Failure(description: "ffmpeg failed: \(output.stderr)") }
    }
}
