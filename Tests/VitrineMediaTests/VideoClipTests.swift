import Foundation
import Glibc
import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineDecode
@testable import VitrineMedia

/// Clips opened through libmpv: the exact frame at a time, the size and length, and hostile files refused in time.
@Suite struct VideoClipTests {
    static func now() -> Double { ProcessInfo.processInfo.systemUptime }

    static func open(_ path: String, at start: Double) -> VideoClip? {
        guard
            let clip = try? VideoClip(
                path: path, start: start, frameRate: Double(TestClips.fps), output: Size(width: 640, height: 480),
                now: now(), openDeadline: 10)
        else { return nil }
        clip.waitUntilSettled(now: now)
        return clip
    }

    static func red(_ pixel: UInt32) -> Int { Int((pixel >> 16) & 0xFF) }

    @Test(arguments: [TestClips.Codec.h264, .vp9])
    func exactFrameAtAStartTime(codec: TestClips.Codec) throws {
        let folder = try TemporaryFolder()
        let path = folder.at("clip." + codec.rawValue)
        try TestClips.write(path, codec: codec, variant: 1)
        for start in [0.0, 0.55, 1.25, 1.9] {
            let clip = try #require(Self.open(path, at: start))
            #expect(clip.state == .ready)
            let frame = try #require(clip.frame)
            #expect(frame.width == 320 && frame.height == 240)
            let expected = TestClips.color(frame: TestClips.frame(at: start), variant: 1)
            let pixel = frame[160, 120]
            #expect(frame.pixels.allSatisfy { $0 >> 24 == 0xFF }, "video frames are opaque")
            #expect(abs(Self.red(pixel) - expected.r) <= 4, "at \(start) s red \(Self.red(pixel)), want \(expected.r)")
            #expect(abs(Int((pixel >> 8) & 0xFF) - expected.g) <= 6)
            #expect(abs((clip.info?.length?.value ?? 0) - 2) < 0.15)
        }
    }

    /// Phone clips are stored on their side with a rotation tag: they show upright.
    @Test(arguments: [0, 90, 180, 270])
    func aRotatedClipShowsUpright(degrees: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.at("turned.mp4")
        try TestClips.writeHalves(path, rotate: degrees)
        let clip = try #require(Self.open(path, at: 0))
        let frame = try #require(clip.frame)
        let upright = degrees % 180 == 0 ? (320, 180) : (180, 320)
        #expect(frame.width == upright.0 && frame.height == upright.1)
        #expect(clip.info?.size == Size(width: Double(upright.0), height: Double(upright.1)))
        // The same as FFmpeg's own player turns it: red and blue where its autorotated frame has them.
        let reference = folder.at("reference.png")
        let made = try ChildProcess.run(
            ["-v", "error", "-y", "-i", path, "-frames:v", "1", reference], executable: "/usr/bin/ffmpeg")
        #expect(made.status == 0)
        let expected = try SDLImageDecoder().load(reference)
        #expect(expected.width == frame.width && expected.height == frame.height)
        for (fx, fy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
            let x = Int(Double(frame.width) * fx)
            let y = Int(Double(frame.height) * fy)
            let (got, want) = (frame[x, y], expected[x, y])
            #expect(
                Self.red(got) / 128 == Self.red(want) / 128 && (got & 0xFF) / 128 == (want & 0xFF) / 128,
                "at \(degrees)°, (\(x), \(y)): \(String(got, radix: 16)), FFmpeg \(String(want, radix: 16))")
        }
    }
}

/// Clips made to break the player: each fails (or plays) within the open deadline, never hangs.
@Suite struct HostileClipTests {
    @Test(arguments: [HostileClips.Kind.truncated, .headerAndRandom, .empty, .huge])
    func aHostileClipFailsWithinTheDeadline(kind: HostileClips.Kind) throws {
        let folder = try TemporaryFolder()
        let path = try HostileClips.write(kind, into: folder.path)
        let deck = VideoDeck(openDeadline: 3)
        let want = DecodeWant(
            path: path, output: Size(width: 320, height: 240), fit: .contain, background: .black, video: true)
        let start = VideoClipTests.now()
        deck.schedule([want], keep: [path], options: ShowStyle(), slides: [], now: start)
        var failure: String?
        while failure == nil, VideoClipTests.now() - start < 10 {
            let polled = deck.poll(now: VideoClipTests.now())
            #expect(polled.frames.isEmpty, "\(kind) gave a frame")
            failure = polled.failed.first?.reason
            if failure == nil { usleep(10_000) }
        }
        let reason = try #require(failure, "\(kind) was neither shown nor refused")
        #expect(reason.hasPrefix(path + ": "))
        #expect(VideoClipTests.now() - start < 3 + 1, "refused after the deadline")
        // Remembered: asked again, it is refused at once without opening the file again.
        let opened = deck.opened
        deck.schedule([want], keep: [path], options: ShowStyle(), slides: [], now: VideoClipTests.now())
        #expect(deck.poll(now: VideoClipTests.now()).failed.map(\.path) == [path])
        #expect(deck.opened == opened)
    }

    @Test func aBitFlippedClipNeitherHangsNorStopsTheDeck() throws {
        let folder = try TemporaryFolder()
        let bad = try HostileClips.write(.bitFlipped, into: folder.path)
        let good = folder.at("good.mp4")
        try TestClips.write(good)
        let deck = VideoDeck(openDeadline: 3)
        let wants = [bad, good].map {
            DecodeWant(path: $0, output: Size(width: 320, height: 240), fit: .contain, background: .black, video: true)
        }
        let start = VideoClipTests.now()
        deck.schedule(wants, keep: [bad, good], options: ShowStyle(), slides: [], now: start)
        var settled: Set<String> = []
        while settled.count < 2, VideoClipTests.now() - start < 10 {
            let polled = deck.poll(now: VideoClipTests.now())
            settled.formUnion(polled.frames.map(\.path) + polled.failed.map(\.path))
            usleep(10_000)
        }
        #expect(settled == [bad, good], "each clip shows a frame or is refused within the deadline")
        #expect(deck.openPaths.contains(good))
    }
}
