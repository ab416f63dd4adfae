import Foundation
import Synchronization
import Testing
import VitrineCore
import VitrineMedia

@testable import VitrineSDL

/// Decodes nothing: every image is a flat colour chosen by its name, so frames are easy to check.
private struct FlatDecoder: ImageDecoding {
    func decode(_ request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        let color: UInt32 = request.path.hasSuffix("red.png") ? 0xFFFF_0000 : 0xFF00_00FF
        return DecodedImage(
            pixels: PixelBuffer(width: 8, height: 8, color: color), sourceSize: Size(width: 8, height: 8))
    }
}

/// Counts the decodes asked of it.
private final class CountingDecoder: ImageDecoding {
    let count = Mutex(0)
    func decode(_ request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        count.withLock { $0 += 1 }
        return try FlatDecoder().decode(request)
    }
}

private func tod(_ text: String) -> TimeOfDay { TimeOfDay(text) ?? .midnight }

@Suite struct ScheduledSnapshotTests {
    private func content() -> PlaylistContent {
        var display = DisplaySpec()
        display.off = [TimeWindow(from: tod("22:00"), to: tod("06:00"))]
        let document = PlaylistDocument(
            file: "/p/show.json", timeZoneName: "UTC",
            playlists: [
                PlaylistSpec(name: "day", items: [PlaylistItem(source: .image("/p/red.png"))]),
                PlaylistSpec(name: "late", items: [PlaylistItem(source: .image("/p/blue.png"))]),
            ],
            isScheduled: true, defaultPlaylist: "day",
            rules: [
                ScheduleRule(playlist: "late", window: TimeWindow(from: tod("18:00"), to: tod("22:00")))
            ],
            display: display)
        var content = PlaylistContent(document: document)
        _ = content.setImage("/p/red.png", present: true)
        _ = content.setImage("/p/blue.png", present: true)
        return content
    }

    private func frame(at clock: String, decoder: any ImageDecoding = FlatDecoder()) throws -> Snapshot.Frame {
        var options = ShowStyle()
        options.fit = .cover
        let size = Size(width: 32, height: 18)
        let origin = (WallClockText.parse(clock, defaultZone: .gmt) ?? .distantPast).timeIntervalSince1970
        let snapshot = Snapshot(size: size, decoder: decoder)
        return try snapshot.render(at: ShowTime(seconds: 1)) { failed in
            let feed = FixedFeed(content: content())
            for path in failed { _ = feed.markFailed(path) }
            return ShowDirector(
                setup: DirectorSettings(show: options), environment: ShowEnvironment(feed: feed), output: size,
                wallOrigin: Date(unixSeconds: origin))
        }
    }

    @Test func theFrameShowsThePlaylistOfTheClock() throws {
        let noon = try frame(at: "2026-05-05T12:00:00Z")
        #expect(noon.report.playlist == "day" && noon.report.displayOn)
        #expect(Set(noon.canvas.pixels().pixels) == [0xFFFF_0000])
        let evening = try frame(at: "2026-05-05T19:00:00Z")
        #expect(evening.report.playlist == "late")
        #expect(Set(evening.canvas.pixels().pixels) == [0xFF00_00FF])
    }

    @Test func anOffWindowGivesABlackFrameAndDecodesNothing() throws {
        let decoder = CountingDecoder()
        let night = try frame(at: "2026-05-05T23:00:00Z", decoder: decoder)
        #expect(decoder.count.withLock { $0 } == 0)
        _ = try frame(at: "2026-05-05T21:00:00Z", decoder: decoder)
        #expect(decoder.count.withLock { $0 } == 1)
        #expect(!night.report.displayOn)
        #expect(night.report.json.hasSuffix("\"playlist\":\"day\",\"display\":\"off\"}"))
        #expect(night.scene.ops.isEmpty)
        #expect(Set(night.canvas.pixels().pixels.map { $0 & 0x00FF_FFFF }) == [0])
    }

    @Test func theScheduleChartHasARowPerDayAndAColourPerPlaylist() throws {
        let content = content()
        let chart = ScheduleChart(schedule: content.document.schedule(), playlists: ["day", "late"])
        let scene = chart.scene(from: LocalDate(year: 2026, month: 5, day: 5) ?? LocalDate(daysSinceEpoch: 0), count: 2)
        let canvas = try OffscreenCanvas(width: Int(scene.size.width), height: Int(scene.size.height))
        canvas.draw(scene) { _ in nil }
        let pixels = canvas.pixels()
        func color(hour: Double, row: Int) -> UInt32 {
            let x = Int(ScheduleChart.margin + hour * ScheduleChart.hourWidth)
            let y = Int(
                ScheduleChart.margin + Double(row) * (ScheduleChart.rowHeight + ScheduleChart.gap) + ScheduleChart
                    .rowHeight / 2)
            return pixels[x, y] & 0x00FF_FFFF
        }
        func rgb(_ c: RGBColor) -> UInt32 { UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b) }
        for row in 0..<2 {
            #expect(color(hour: 3, row: row) == rgb(ScheduleChart.off))
            #expect(color(hour: 12, row: row) == rgb(chart.color(of: "day")))
            #expect(color(hour: 20, row: row) == rgb(chart.color(of: "late")))
            #expect(color(hour: 23.5, row: row) == rgb(ScheduleChart.off))
        }
        #expect(pixels.height == Int(ScheduleChart.size(days: 2).height))
    }
}
