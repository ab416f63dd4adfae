import Foundation
import Glibc
import Testing
import VitrineTestSupport

/// `play` on the OpenGL renderers under an X server (Mesa): a clip rendered by libmpv's OpenGL
/// API into the renderer's texture shows upright, with its colours, and plays; where libmpv's
/// OpenGL renderer cannot start, the clip takes the software path and still shows.
@Suite("Play: video clips through OpenGL", .serialized)
struct VideoGLPlayTests {
    /// What the screen showed of a `writeTopAndBottom` clip: the frames seen, or what was wrong.
    struct Seen {
        var frames: Set<Int> = []
        var problems: [String] = []
    }

    /// Plays the clip looping, full screen on a 640×480 X server, and reads the screen until
    /// three different frames were seen (or 60 s went by).
    static func watch(renderer: String, environment: [String: String] = [:]) throws -> (Seen, String) {
        let folder = try TemporaryFolder()
        let clip = folder.at("split.mp4")
        try TestClips.writeTopAndBottom(clip)
        let playlist = folder.at("show.json")
        try #"{ "version": 1, "items": [ { "video": "\#(clip)", "duration": 120, "loop": true } ] }"#
            .write(toFile: playlist, atomically: true, encoding: .utf8)
        let screen = try VirtualXServer(width: 640, height: 480)
        let child = try ChildProcess(
            ["play", playlist, "--config", "none", "--renderer", renderer],
            environment: ["DISPLAY": screen.display, "SDL_VIDEODRIVER": "x11"].merging(environment) { $1 })
        defer {
            child.send(SIGTERM)
            _ = child.waitForExit(timeout: 30)
        }
        var seen = Seen()
        let start = Date()
        var showing = false
        var last = ""
        while seen.frames.count < 3, Date().timeIntervalSince(start) < 60, !child.standardError.contains("ERROR") {
            let shot = try screen.screenshot()
            let bottom = TestClips.bottomColor
            last = "top \(shot[320, 120]), bottom \(shot[320, 360])"
            // The clip fills the screen (4:3 in 4:3): its top half above the middle, its bottom half below.
            guard shot.pixel(320, 360, is: (UInt8(bottom.r), UInt8(bottom.g), UInt8(bottom.b)), tolerance: 10) else {
                if showing { seen.problems.append("bottom half \(shot[320, 360]), want \(bottom)") }
                continue
            }
            showing = true
            let top = shot[320, 120]
            let frame = Int((Double(Int(top.r) - TestClips.topColor(frame: 0).r) / 10).rounded())
            let want = TestClips.topColor(frame: frame)
            guard (0..<20).contains(frame), shot.pixel(320, 120, is: (UInt8(want.r), UInt8(want.g), UInt8(want.b)))
            else {
                seen.problems.append("top half \(top), not a frame's colour")
                continue
            }
            seen.frames.insert(frame)
        }
        if !showing { seen.problems.append("the clip never showed (last seen: \(last))") }
        return (seen, child.standardError)
    }

    @Test(arguments: ["opengl", "opengles2"])
    func aClipShowsUprightWithItsColoursAndPlays(renderer: String) throws {
        let (seen, log) = try Self.watch(renderer: renderer)
        #expect(seen.problems.isEmpty, "\(seen.problems)")
        #expect(seen.frames.count >= 3, "frames seen: \(seen.frames.sorted())")
        #expect(log.contains("clips render through OpenGL on the \(renderer) renderer"), "\(log)")
        #expect(!log.contains("software path"), "\(log)")
    }

    /// Mesa told to offer OpenGL 1.4: SDL's renderer still draws, libmpv's OpenGL renderer cannot start.
    @Test func whereLibmpvsOpenGLRendererCannotStartClipsTakeTheSoftwarePath() throws {
        let (seen, log) = try Self.watch(renderer: "opengl", environment: ["MESA_GL_VERSION_OVERRIDE": "1.4"])
        #expect(seen.problems.isEmpty, "\(seen.problems)")
        #expect(seen.frames.count >= 3, "frames seen: \(seen.frames.sorted())")
        let said = log.split(separator: "\n").filter { $0.contains("clips take the software path") }
        #expect(said.count == 1, "\(log)")
    }

    /// Left to choose (`--renderer auto`) on Mesa's software rasteriser, the player takes the
    /// software renderer (it costs less there), says so once, and the clip still plays on it.
    @Test func theAutoRendererOnASoftwareRasteriserTakesTheSoftwarePath() throws {
        let (seen, log) = try Self.watch(renderer: "auto")
        #expect(seen.problems.isEmpty, "\(seen.problems)")
        #expect(seen.frames.count >= 3, "frames seen: \(seen.frames.sorted())")
        let said = log.split(separator: "\n").filter {
            $0.contains("INFO play: renderer software (opengl runs on a software rasteriser, llvmpipe")
        }
        #expect(said.count == 1, "\(log)")
        #expect(!log.contains("clips render through OpenGL"), "\(log)")
    }

    /// A phone clip tagged as turned shows upright (libmpv turns it on this path), as FFmpeg's own
    /// player turns it: portrait, with its halves where FFmpeg's frame has them.
    @Test(arguments: [90, 270])
    func aRotatedClipShowsUpright(degrees: Int) throws {
        let folder = try TemporaryFolder()
        let clip = folder.at("turned.mp4")
        try TestClips.writeHalves(clip, rotate: degrees)
        // FFmpeg's autorotated first frame, 180×320, as RGB bytes.
        let reference = folder.at("reference.rgb")
        let made = try ChildProcess.run(
            ["-v", "error", "-y", "-i", clip, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", reference],
            executable: "/usr/bin/ffmpeg")
        let expected = try #require(FileManager.default.contents(atPath: reference).map { [UInt8]($0) })
        #expect(made.status == 0 && expected.count == 180 * 320 * 3)
        func want(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
            let i = (y * 180 + x) * 3
            return (expected[i], expected[i + 1], expected[i + 2])
        }
        let screen = try VirtualXServer(width: 640, height: 480)
        let child = try ChildProcess(
            ["play", clip, "--config", "none", "--renderer", "opengl", "--interval", "30"],
            environment: ["DISPLAY": screen.display, "SDL_VIDEODRIVER": "x11"])
        defer {
            child.send(SIGTERM)
            _ = child.waitForExit(timeout: 30)
        }
        // Upright it is 180×320, shown 270×480 in the middle of the screen (x 185 to 455).
        let spots = [(x: 320, y: 120, rx: 90, ry: 80), (x: 320, y: 360, rx: 90, ry: 240)]
        var matched = false
        var last = ""
        let start = Date()
        while !matched, Date().timeIntervalSince(start) < 60, !child.standardError.contains("ERROR") {
            let shot = try screen.screenshot()
            last = "\(spots.map { shot[$0.x, $0.y] }), beside it \(shot[150, 240])"
            matched =
                spots.allSatisfy { shot.pixel($0.x, $0.y, is: want($0.rx, $0.ry), tolerance: 40) }
                && shot.pixel(150, 240, is: (0, 0, 0))
        }
        #expect(matched, "the screen showed \(last); FFmpeg's frame \(spots.map { want($0.rx, $0.ry) })")
        #expect(child.standardError.contains("clips render through OpenGL"), "\(child.standardError)")
    }

    /// Photo, clip, photo with fades, on the OpenGL renderer: the screen, read again and again for
    /// 20 s, shows the photos, the clip and blends of them, never black where the picture is.
    @Test func noBlackFrameBetweenPhotosAndAClip() throws {
        let folder = try TemporaryFolder()
        try TestPictures.write(count: 2, into: folder.path)
        try TestClips.writeTopAndBottom(folder.at("00b.mp4"))
        let screen = try VirtualXServer(width: 640, height: 480)
        let child = try ChildProcess(
            [
                "play", folder.path, "--config", "none", "--renderer", "opengl", "--interval", "1.5",
                "--transition", "fade", "--transition-duration", "0.5",
            ],
            environment: ["DISPLAY": screen.display, "SDL_VIDEODRIVER": "x11"])
        defer {
            child.send(SIGTERM)
            _ = child.waitForExit(timeout: 30)
        }
        // The photos (16:9) fill the screen's width, from y 60 to 420; (320, 150) is in their top half.
        let photos = [TestPictures.colors(0).top, TestPictures.colors(1).top]
        let clip = TestClips.topColor(frame: 0)
        var seen: (photos: Set<Int>, clip: Int, black: [String]) = ([], 0, [])
        var started: Date?
        let start = Date()
        while Date().timeIntervalSince(started ?? start) < 20, Date().timeIntervalSince(start) < 90 {
            let shot = try screen.screenshot()
            let p = shot[320, 150]
            if let photo = photos.firstIndex(where: { shot.pixel(320, 150, is: $0) }) {
                seen.photos.insert(photo)
                if started == nil { started = Date() }
            }
            guard started != nil else { continue }
            if abs(Int(p.g) - clip.g) <= 12, abs(Int(p.b) - clip.b) <= 12 { seen.clip += 1 }
            if max(p.r, p.g, p.b) < 16 { seen.black.append("\(p) at \(Date().timeIntervalSince(start)) s") }
        }
        #expect(
            seen.black.isEmpty, "black where the picture should be, \(seen.black.count) times: \(seen.black.prefix(5))")
        #expect(seen.photos == [0, 1], "photos seen: \(seen.photos)")
        #expect(seen.clip >= 3, "the clip was seen \(seen.clip) times")
        #expect(child.standardError.contains("clips render through OpenGL"), "\(child.standardError)")
    }
}
