import Foundation
import Testing
import VitrineMedia
import VitrineTestSupport

/// `vitrine snapshot` of shows with clips: the clip's exact frame at a time, fades from a
/// photo into a clip and out of it that blend the right frames, never a black frame, and
/// bad clips skipped so the next slide shows.
@Suite struct VideoSnapshotTests {
    let folder: TemporaryFolder
    let outputs: TemporaryFolder
    static let red = (255, 0, 0)
    static let blue = (0, 0, 255)

    /// a-red.bmp (4 s), b-clip (2 s, its own length), c-blue.bmp: a clip from 4 to 6, fades 4–4.8 and 6–6.8.
    init() throws {
        folder = try TemporaryFolder()
        outputs = try TemporaryFolder()
        try TestImage.writeBMP(folder.at("a-red.bmp"), width: 64, height: 48, color: (255, 0, 0))
        try TestImage.writeBMP(folder.at("c-blue.bmp"), width: 64, height: 48, color: (0, 0, 255))
    }

    func snapshot(at time: Double, _ extra: [String] = []) throws -> (r: Int, g: Int, b: Int) {
        let out = outputs.at("frame-\(UUID().uuidString).png")
        let result = try CLIRunner.run(
            [
                "snapshot", folder.path, "--at", String(time), "--size", "160x120", "--out", out, "--interval", "4",
                "--transition-duration", "0.8",
            ] + extra)
        #expect(result.status == 0, "snapshot failed: \(result.stderr)")
        let c = try TestImage.read(out).rgb(80, 60)
        return (c.r, c.g, c.b)
    }

    func near(_ a: (r: Int, g: Int, b: Int), _ b: (Int, Int, Int), within tolerance: Int = 6) -> Bool {
        abs(a.r - b.0) <= tolerance && abs(a.g - b.1) <= tolerance && abs(a.b - b.2) <= tolerance
    }

    static func clipColor(at seconds: Double) -> (Int, Int, Int) {
        let c = TestClips.color(frame: TestClips.frame(at: seconds))
        return (c.r, c.g, c.b)
    }

    @Test(arguments: [TestClips.Codec.h264, .vp9])
    func aClipSlideShowsTheFrameAtEachTime(codec: TestClips.Codec) throws {
        try TestClips.write(folder.at("b-clip." + codec.rawValue), codec: codec)
        for t in [4.85, 5.25, 5.55, 5.95] {
            let got = try snapshot(at: t)
            let want = Self.clipColor(at: t - 4)
            #expect(near(got, want), "at \(t) s: \(got), want frame \(TestClips.frame(at: t - 4)) \(want)")
        }
        // The slide lasts the clip's 2 s: the photo after it is fully in at 6.8.
        #expect(near(try snapshot(at: 7), Self.blue, within: 2))
    }

    @Test func fadesBlendThePhotoAndTheRightClipFrames() throws {
        try TestClips.write(folder.at("b-clip.mp4"))
        func blend(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> (Int, Int, Int) {
            ((a.0 + b.0) / 2, (a.1 + b.1) / 2, (a.2 + b.2) / 2)
        }
        // Halfway into the fade from the photo: the clip's frame at 0.4 s, half over red.
        let into = try snapshot(at: 4.4)
        #expect(near(into, blend(Self.red, Self.clipColor(at: 0.4))), "photo into clip \(into)")
        // Halfway out: the clip's last frame, held, half under blue.
        let out = try snapshot(at: 6.4)
        #expect(near(out, blend(Self.clipColor(at: 1.999), Self.blue)), "clip into photo \(out)")
    }

    @Test func noBlackFrameAroundTheClip() throws {
        try TestClips.write(folder.at("b-clip.mp4"))
        for t in stride(from: 3.9, through: 7.0, by: 0.2) {
            let c = try snapshot(at: t)
            #expect(c.r + c.g + c.b > 200, "a dark frame at \(t) s: \(c)")
        }
    }

    @Test func noVideoLeavesTheClipOut() throws {
        try TestClips.write(folder.at("b-clip.mp4"))
        #expect(near(try snapshot(at: 5.5, ["--no-video"]), Self.blue, within: 2))
    }

    @Test func durationCapAndLoop() throws {
        try TestClips.write(folder.at("b-clip.mp4"))
        // Capped at 1 s: the photo after it is in by 5.8.
        #expect(near(try snapshot(at: 6, ["--max-video-seconds", "1"]), Self.blue, within: 2))
        // A playlist item that loops the 2 s clip for 5 s: 3.3 s into it is 1.3 s into the clip.
        let playlist = folder.at("show.json")
        let text = """
            { "version": 1, "items": [ { "image": "a-red.bmp" },
              { "video": "b-clip.mp4", "duration": 5, "loop": true }, { "image": "c-blue.bmp" } ] }
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: playlist))
        let out = outputs.at("loop.png")
        let result = try CLIRunner.run(
            ["snapshot", playlist, "--at", "7.35", "--size", "160x120", "--out", out, "--interval", "4"])
        #expect(result.status == 0, "snapshot failed: \(result.stderr)")
        let c = try TestImage.read(out).rgb(80, 60)
        #expect(near((c.r, c.g, c.b), Self.clipColor(at: 1.35)), "looped frame \(c)")
    }

    @Test(arguments: HostileClips.Kind.allCases)
    func aHostileClipIsSkippedAndTheNextSlideShows(kind: HostileClips.Kind) throws {
        let path = try HostileClips.write(kind, into: folder.path)
        try FileManager.default.moveItem(atPath: path, toPath: folder.at("b-" + kind.fileName))
        // Skipped: c from 4.8 to 8; played: at most 3 s, so c is in by 7.8 either way.
        let c = try snapshot(at: 7.9, ["--max-video-seconds", "3"])
        #expect(near(c, Self.blue, within: 2), "\(kind): \(c)")
        if kind != .bitFlipped {
            let result = try CLIRunner.run(
                ["snapshot", folder.path, "--at", "5", "--size", "160x120", "--out", outputs.at("h.png")])
            let lines = result.stderr.split(separator: "\n").filter { $0.contains("b-" + kind.fileName) }
            #expect(lines.count == 1 && lines[0].contains("skipping"), "\(kind): \(result.stderr)")
        }
    }

    @Test func checkWarnsAboutAClipThatCannotPlay() throws {
        try TestClips.write(folder.at("good.mp4"))
        let bad = try HostileClips.write(.headerAndRandom, into: folder.path)
        let playlist = folder.at("show.json")
        let text = """
            { "version": 1, "items": [ { "video": "\((bad as NSString).lastPathComponent)" },
              { "video": "good.mp4" } ] }
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: playlist))
        let result = try CLIRunner.run(["check", "--no-network", playlist])
        #expect(result.status == 0, "warnings only: \(result.stdout)")
        let warnings = result.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.count == 1 && warnings[0].contains("items[0].video"), "\(result.stdout)")
        #expect(warnings.first?.contains("it will be skipped") == true)
    }
}
