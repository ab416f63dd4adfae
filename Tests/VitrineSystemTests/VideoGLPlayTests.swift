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
}
