import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

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
            #expect(abs(Self.red(pixel) - expected.r) <= 4, "at \(start) s red \(Self.red(pixel)), want \(expected.r)")
            #expect(abs(Int((pixel >> 8) & 0xFF) - expected.g) <= 6)
            #expect(abs((clip.info?.length ?? 0) - 2) < 0.15)
        }
    }
}
