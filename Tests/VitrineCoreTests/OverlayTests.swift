import Foundation
import Testing

@testable import VitrineCore

/// A fake font: every character is 10 px wide.
private func mono(_ s: String) -> Double { Double(s.count * 10) }

@Suite struct TextLayoutTests {
    @Test func shortTextIsOneLine() {
        #expect(TextLayout(maxWidth: 100, maxLines: 2).lines("hello", measure: mono) == ["hello"])
    }

    @Test func wrapsAtSpaces() {
        let lines = TextLayout(maxWidth: 100, maxLines: 3).lines("the quick brown fox jumps", measure: mono)
        #expect(lines == ["the quick", "brown fox", "jumps"])
        for line in lines { #expect(mono(line) <= 100) }
    }

    @Test func cutsTheLastLineWithAnEllipsis() {
        let lines = TextLayout(maxWidth: 100, maxLines: 2).lines("the quick brown fox jumps over", measure: mono)
        #expect(lines.count == 2)
        #expect(lines[0] == "the quick")
        #expect(lines[1].hasSuffix("…"))
        #expect(mono(lines[1]) <= 100)
    }

    @Test func breaksWordsWithoutSpaces() {
        // CJK text has no spaces: it breaks between characters.
        let text = String(repeating: "写真", count: 12)
        let lines = TextLayout(maxWidth: 100, maxLines: 5).lines(text, measure: mono)
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { mono($0) <= 100 })
        #expect(lines.joined() == text)
    }

    @Test func aSingleLineEllipsis() {
        let line = TextLayout(maxWidth: 50, maxLines: 1).lines("abcdefghijkl", measure: mono)
        #expect(line == ["abcd…"])
        #expect(TextLayout(maxWidth: 5, maxLines: 1).lines("abc", measure: mono) == ["…"])
    }

    @Test func newlinesStartNewLines() {
        #expect(TextLayout(maxWidth: 100, maxLines: 3).lines("one\ntwo", measure: mono) == ["one", "two"])
    }
}

@Suite struct TimeFormatTests {
    // 2026-12-24 18:05:09 UTC.
    let instant = Date(unixSeconds: 1_798_135_509)

    @Test func conversions() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(TimeFormat("%H:%M", timeZone: utc).string(at: instant) == "18:05")
        #expect(TimeFormat("%Y-%m-%d %H:%M:%S", timeZone: utc).string(at: instant) == "2026-12-24 18:05:09")
        #expect(
            TimeFormat("%a %A %b %B %e %y %j", timeZone: utc).string(at: instant)
                == "Thu Thursday Dec December 24 26 358")
        #expect(TimeFormat("%I:%M %p 100%%", timeZone: utc).string(at: instant) == "06:05 PM 100%")
        #expect(TimeFormat("%Q", timeZone: utc).string(at: instant) == "%Q")
    }

    @Test func zones() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        #expect(TimeFormat("%H:%M %z", timeZone: berlin).string(at: instant) == "19:05 +0100")
        let summer = Date(unixSeconds: 1_782_000_000)  // 2026-06-21, CEST
        #expect(TimeFormat("%z", timeZone: berlin).string(at: summer) == "+0200")
    }

    @Test func nextChange() {
        #expect(TimeFormat("%H:%M").nextChange(after: Date(unixSeconds: 125)) == Date(unixSeconds: 180))
        #expect(TimeFormat("%H:%M:%S").nextChange(after: Date(unixSeconds: 125.5)) == Date(unixSeconds: 126))
    }

    /// The engine's clock overlay reads the wall date at show time 0 plus the show time: 18:05:09
    /// at 0 s is still 18:05 at 50.5 s and 18:06 at 51 s.
    @Test func theEnginesClockIsItsWallOriginPlusShowTime() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        var engine = ShowEngine(
            slides: [Slide(path: "a")], options: ShowStyle(), output: Size(width: 1000, height: 500))
        var stack = OverlayStack()
        stack.add(ClockOverlay(format: TimeFormat("%H:%M:%S", timeZone: utc)), slides: engine.show.slides)
        engine.overlays = stack
        engine.wallClockOrigin = instant
        func clock(at seconds: Double) -> String? {
            let ops = engine.scene(at: ShowTime(seconds: seconds), imageSize: { _ in Size(width: 10, height: 10) }).ops
            for case .text(let block, _, _) in ops { return block.text }
            return nil
        }
        #expect(clock(at: 0) == "18:05:09")
        #expect(clock(at: 50.5) == "18:05:59")
        #expect(clock(at: 51) == "18:06:00")
        #expect(clock(at: 3_600) == "19:05:09")
    }
}

@Suite struct OverlayComponentTests {
    let output = Size(width: 1000, height: 500)

    func frame(index: Int = 0, count: Int = 5, browsing: Bool = true, slide: Slide? = nil) -> OverlayFrame {
        OverlayFrame(
            output: output, time: ShowTime(seconds: 3), browsing: browsing, index: index, count: count, slide: slide)
    }

    func discs(_ ops: [DrawOp]) -> [(Point, Double)] {
        ops.compactMap {
            if case .disc(let c, _, let color, let a) = $0, color.r == 255 { return (c, a) }
            return nil
        }
    }

    @Test func dotsMatchTheSlideCount() {
        let dots = PageIndicatorOverlay(mode: .browse)
        for count in [2, 5, 10] {
            let shown = discs(dots.ops(for: frame(index: 1, count: count)))
            #expect(shown.count == count)
            #expect(shown.filter { $0.1 == 1 }.count == 1, "one dot is the current page")
            #expect(shown[1].1 == 1)
        }
        #expect(dots.ops(for: frame(count: 1)).isEmpty, "hidden for a single slide")
        #expect(dots.ops(for: frame(browsing: false)).isEmpty, "browse mode only")
        #expect(!PageIndicatorOverlay(mode: .always).ops(for: frame(browsing: false)).isEmpty)
    }

    @Test func beyondTenItIsText() {
        let ops = PageIndicatorOverlay(mode: .always).ops(for: frame(index: 2, count: 120))
        guard ops.count == 2, case .fill(let backdrop, _, let shade) = ops[0],
            case .text(let block, let box, _) = ops[1]
        else {
            Issue.record("expected a backdrop and text, got \(ops)")
            return
        }
        #expect(block.text == "3 / 120")
        // The backdrop sits behind the text, centred, wide enough for it.
        #expect(shade > 0.3)
        #expect(abs(backdrop.center.x - box.center.x) < 1e-9)
        #expect(abs(backdrop.center.y - box.center.y) < 1)
        #expect(backdrop.width > block.size * 7 * 0.5)
    }

    @Test func captionSources() {
        let slide = Slide(path: "/photos/Harbour at dawn.jpg", caption: "  Harbour, 6 am  ")
        let meta = ImageMetadata(description: nil, dateTaken: "2024:05:17 14:03:00")
        #expect(CaptionOverlay(kind: .playlist).text(for: slide, metadata: meta) == "Harbour, 6 am")
        #expect(CaptionOverlay(kind: .filename).text(for: slide, metadata: meta) == "Harbour at dawn")
        #expect(CaptionOverlay(kind: .exifDate).text(for: slide, metadata: meta) == "2024-05-17 14:03")
        #expect(
            CaptionOverlay(kind: .exifDate).text(for: slide, metadata: ImageMetadata(description: "Pier"))
                == "Pier")
        #expect(CaptionOverlay(kind: .playlist).text(for: Slide(path: "x.jpg"), metadata: nil) == nil)
        #expect(CaptionOverlay(kind: .none).text(for: slide, metadata: meta) == nil)
    }

    @Test func captionBandSitsOnItsEdgeInsideTheScreen() {
        let slide = Slide(path: "a.jpg", caption: "A caption")
        for edge in OverlayEdge.allCases {
            let ops = CaptionOverlay(kind: .playlist, edge: edge).ops(for: frame(slide: slide))
            guard case .fill(let band, _, _) = ops.first, case .text(_, let box, _) = ops.last else {
                Issue.record("expected a band and text")
                continue
            }
            #expect(edge == .top ? band.minY == 0 : band.maxY == output.height)
            #expect(box.minX >= 0 && box.maxX <= output.width && box.minY >= band.minY && box.maxY <= band.maxY)
        }
    }

    @Test func clockNeedsAWallClock() {
        let clock = ClockOverlay(format: TimeFormat("%H:%M", timeZone: TimeZone(identifier: "UTC") ?? .current))
        #expect(clock.ops(for: frame()).isEmpty)
        var f = frame()
        f.wallTime = Date(unixSeconds: 1_798_135_509)
        guard case .text(let block, _, _) = clock.ops(for: f).first else {
            Issue.record("no clock text")
            return
        }
        #expect(block.text == "18:05")
    }

    @Test func loadingRingWaitsThreeHundredMilliseconds() {
        var f = frame()
        f.lateSince = ShowTime(seconds: 2.8)
        #expect(LoadingOverlay().ops(for: f).isEmpty)
        f.lateSince = ShowTime(seconds: 2.6)
        #expect(LoadingOverlay().ops(for: f).count == 3)
        f.lateSince = nil
        #expect(LoadingOverlay().ops(for: f).isEmpty)
    }

    @Test func stackHidesAndNotesPages() {
        var options = OverlayOptions()
        options.caption = .filename
        options.pageIndicator = .always
        var stack = options.stack(slides: [Slide(path: "a.jpg"), Slide(path: "b.jpg")])
        #expect(stack.names == ["caption", "page-indicator", "loading"])
        let f = OverlayFrame(output: output, time: .zero, index: 0, count: 2, slide: Slide(path: "a.jpg"))
        #expect(!stack.ops(for: f).isEmpty)
        stack.visible = false
        #expect(stack.ops(for: f).isEmpty)
        #expect(OverlayOptions().stack(slides: []).names == ["page-indicator", "loading"])
    }

    @Test func statusScreens() {
        #expect(StatusScreen.noImages(folders: ["/srv/photos"]).lines.body.contains("/srv/photos"))
        #expect(StatusScreen.scanning(found: 1200, total: 25000).lines.body == "Indexing 1,200 of 25,000")
        #expect(
            StatusScreen.playlistError(file: "show.json", line: 4, message: "expected ,").lines.body
                == "show.json, line 4: expected ,")
        let scene = StatusScreen.displayOffSoon(minutes: 5).scene(output: output)
        #expect(scene.background == StatusScreen.background)
        #expect(scene.ops.count == 2)
    }
}
