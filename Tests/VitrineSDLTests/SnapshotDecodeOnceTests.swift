import Foundation
import Synchronization
import Testing
import VitrineCore
import VitrineMedia
import VitrineTestSupport

@testable import VitrineSDL

/// Vitrine's own decoder, counting what it is asked to decode, by path.
private final class CountedDecoder: ImageDecoding {
    let asked = Mutex<[String: Int]>([:])

    func decode(_ request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        asked.withLock { $0[request.path, default: 0] += 1 }
        return try MediaDecoder().decode(request)
    }

    var counts: [String: Int] { asked.withLock { $0 } }
}

@Suite struct SnapshotDecodeOnceTests {
    /// A snapshot at `time` of a show of the pictures in `folder` (8 s a slide, 0.8 s fades).
    private func snapshot(
        _ paths: [String], at time: Double, decoder: CountedDecoder, timings: StepTimings? = nil
    ) throws -> Snapshot.Frame {
        let size = Size(width: 64, height: 36)
        let document = PlaylistDocument(
            file: "/p/show.json", timeZoneName: "UTC",
            playlists: [PlaylistSpec(name: "all", items: paths.map { PlaylistItem(source: .image($0)) })],
            isScheduled: false, defaultPlaylist: "all", rules: [], display: DisplaySpec())
        var snapshot = Snapshot(size: size, decoder: decoder)
        snapshot.timings = timings
        return try snapshot.render(at: ShowTime(seconds: time)) { failed in
            var content = PlaylistContent(document: document)
            for path in paths { _ = content.setImage(path, present: true) }
            let feed = FixedFeed(content: content)
            for path in failed { _ = feed.markFailed(path) }
            return ShowDirector(
                setup: DirectorSettings(show: ShowStyle()), environment: ShowEnvironment(feed: feed), output: size,
                wallOrigin: Date(unixSeconds: 0))
        }
    }

    @Test func aSlideAtRestIsDecodedOnceAndItsNeighboursNot() throws {
        let folder = try TemporaryFolder()
        try TestPictures.write(count: 3, into: folder.path)
        let paths = (0..<3).map { folder.path + String(format: "/%02d.bmp", $0) }
        let decoder = CountedDecoder()
        let timings = StepTimings()
        let frame = try snapshot(paths, at: 1, decoder: decoder, timings: timings)
        #expect(decoder.counts == [paths[0]: 1])
        #expect(timings.count(of: "decode") == 1)
        // The first slide's top half is drawn.
        let top = TestPictures.colors(0).top
        let expected = 0xFF00_0000 | UInt32(top.0) << 16 | UInt32(top.1) << 8 | UInt32(top.2)
        #expect(frame.canvas.pixels().pixels[64 * 4 + 32] & 0x00FF_FFFF == expected & 0x00FF_FFFF)
    }

    @Test func aFadeDecodesItsTwoSlidesOnceEach() throws {
        let folder = try TemporaryFolder()
        try TestPictures.write(count: 4, into: folder.path)
        let paths = (0..<4).map { folder.path + String(format: "/%02d.bmp", $0) }
        let decoder = CountedDecoder()
        // Halfway through the fade from the first slide to the second.
        _ = try snapshot(paths, at: 8.4, decoder: decoder)
        #expect(decoder.counts == [paths[0]: 1, paths[1]: 1])
    }
}
