import Testing

@testable import VitrineCore

/// Long photos: shown across the screen from their start, scrolled over the dwell, panned in browse.
@Suite("Long photos")
struct LongPhotoTests {
    /// A 1080 × 6000 screenshot on a 1000 × 500 screen, after a plain photo; a 12000 × 1000 panorama third.
    struct Harness {
        static let sizes = [
            Size(width: 800, height: 600), Size(width: 1080, height: 6000), Size(width: 12000, height: 1000),
        ]
        var options: ShowStyle = {
            var o = ShowStyle()
            o.interval = 10
            o.transitionDuration = 1
            return o
        }()
        var touch = TouchOptions()
        var script = GestureScript()

        func imageSize(_ i: Int) -> Size? { Self.sizes[i % 3] }

        func engine(at time: Double) -> ShowEngine {
            var engine = ShowEngine(
                slides: (0..<3).map { Slide(path: "slide\($0)") }, options: options, output: TestScreen.size,
                touch: touch)
            for e in script.events { engine.enqueue(e) }
            _ = engine.run(to: ShowTime(seconds: time), isReady: { _ in true }, imageSize: imageSize)
            return engine
        }

        func rect(of i: Int, at time: Double) -> Rect? {
            for case .image(let slide, let rect, _) in engine(at: time).scene(
                at: ShowTime(seconds: time), imageSize: imageSize
            ).ops
            where slide == i { return rect }
            return nil
        }
    }

    // Slide 1 comes in over 10…11 s and stays until its transition out at 20 s.
    let height = 1000 * 6000 / 1080.0

    @Test func aTallPhotoIsShownAtFullWidthFromItsTopAndScrollsToItsBottom() throws {
        let h = Harness()
        let start = try #require(h.rect(of: 1, at: 11))
        #expect(start == Rect(x: 0, y: 0, width: 1000, height: height))
        let middle = try #require(h.rect(of: 1, at: 15.5))
        #expect(abs(middle.minY - -(height - 500) / 2) < 1e-6, "halfway through its dwell, halfway down")
        #expect(middle.width == 1000)
        let end = try #require(h.rect(of: 1, at: 20))
        #expect(abs(end.maxY - 500) < 1e-6, "its bottom on the screen's at the end")
        // Moving on in between, and only down.
        let a = try #require(h.rect(of: 1, at: 13))
        let b = try #require(h.rect(of: 1, at: 14))
        #expect(b.minY < a.minY && a.minY < 0)
        // Turned off, it is letterboxed as any photo.
        var off = Harness()
        off.options.longPhotoRatio = 0
        #expect(off.rect(of: 1, at: 15)?.height == 500)
    }

    @Test func aPanoramaScrollsSideways() throws {
        let h = Harness()
        let width = 500 * 12.0
        #expect(h.rect(of: 2, at: 21) == Rect(x: 0, y: 0, width: width, height: 500))
        let middle = try #require(h.rect(of: 2, at: 25.5))
        #expect(abs(middle.minX - -(width - 1000) / 2) < 1e-6)
        #expect(abs((h.rect(of: 2, at: 30)?.maxX ?? 0) - 1000) < 1e-6)
    }

    @Test func inBrowseItIsTakenWhereItWasAndPansVerticallyWhileSwipesStillPage() throws {
        var h = Harness()
        h.script = GestureScript().tap(0.5, 0.5, at: 15.5)
        let touched = try #require(h.rect(of: 1, at: 15.5))
        let held = try #require(h.rect(of: 1, at: 17))
        #expect(h.engine(at: 17).mode == .browse)
        #expect(abs(held.minY - touched.minY) < 1e-6, "it stops where the scroll had got to")
        // An upward drag pans it up (no dismiss), and it stays within its edges.
        h.script = h.script.down(1, 0.5, 0.8, at: 18).drag(1, from: (0.5, 0.8), to: (0.5, 0.3), from: 18, to: 18.5)
        let panned = try #require(h.rect(of: 1, at: 19.5))
        #expect(h.engine(at: 19.5).mode == .browse)
        #expect(panned.minY < held.minY - 200)
        #expect(panned.minY >= 500 - height - 1e-6)
        #expect(panned.width == 1000)
        // A sideways swipe still pages.
        h.script = h.script.down(1, 0.8, 0.5, at: 20).drag(1, from: (0.8, 0.5), to: (0.2, 0.5), from: 20, to: 20.3)
        #expect(h.engine(at: 21).show.index == 2)
    }

    @Test func onceItsSizeIsKnownALongPhotoAsksToBeDecodedAtItsDrawnSize() {
        let h = Harness()
        var engine = h.engine(at: 11)
        #expect(engine.decodeOutput(for: 1) == TestScreen.size, "before the host tells the sizes")
        engine.noteLongPhotos(imageSize: h.imageSize)
        #expect(engine.decodeOutput(for: 0) == TestScreen.size)
        #expect(engine.decodeOutput(for: 1) == Size(width: 1000, height: height.rounded(.up)))
        #expect(engine.decodeOutput(for: 2) == Size(width: 6000, height: 500))
    }
}
