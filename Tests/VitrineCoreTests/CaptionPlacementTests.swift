import Testing

@testable import VitrineCore

/// The caption belongs to the photo: laid out within its width, moving and fading with it.
@Suite("Caption on the photo")
struct CaptionPlacementTests {
    func engine(_ h: BrowseHarness, at time: Double) -> ShowEngine {
        var engine = ShowEngine(
            slides: (0..<h.count).map { Slide(path: "slide\($0)", caption: "A caption that is long enough to wrap") },
            options: h.options, output: TestScreen.size, touch: h.touch)
        var stack = OverlayStack()
        stack.add(CaptionOverlay(kind: .playlist), slides: engine.show.slides)
        engine.overlays = stack
        for e in h.script.events { engine.enqueue(e) }
        _ = engine.run(to: ShowTime(seconds: time), isReady: { _ in true }, imageSize: h.imageSize)
        return engine
    }

    /// The caption's band and text box at `time`.
    func caption(_ h: BrowseHarness, at time: Double) -> (band: Rect, box: Rect, alpha: Double)? {
        let ops = engine(h, at: time).scene(at: ShowTime(seconds: time), imageSize: h.imageSize).ops
        var band: Rect?
        for op in ops {
            if case .fill(let rect, _, _) = op { band = rect }
            if case .text(_, let box, let alpha) = op, let band { return (band, box, alpha) }
        }
        return nil
    }

    func within(_ inner: Rect, _ outer: Rect) -> Bool {
        inner.minX >= outer.minX - 1e-9 && inner.maxX <= outer.maxX + 1e-9 && inner.minY >= outer.minY - 1e-9
            && inner.maxY <= outer.maxY + 1e-9
    }

    @Test func onALetterboxedPhotoTheCaptionStaysWithinThePhoto() throws {
        var h = BrowseHarness()
        h.options.interval = 4
        // Slide 0 is pillarboxed (bars left and right), slide 1 letterboxed (bars above and below).
        let pillar = try #require(caption(h, at: 1))
        #expect(within(pillar.band, h.fit(0)))
        #expect(within(pillar.box, h.fit(0)))
        #expect(pillar.band.width == h.fit(0).width)
        #expect(abs(pillar.band.maxY - h.fit(0).maxY) < 1e-9)
        let letter = try #require(caption(h, at: 6))
        #expect(within(letter.band, h.fit(1)))
        #expect(within(letter.box, h.fit(1)))
        #expect(abs(letter.band.maxY - h.fit(1).maxY) < 1e-9, "at the photo's bottom, not the screen's")
    }

    @Test func midSwipeTheCaptionMovesByThePhotosOffset() throws {
        var h = BrowseHarness()
        let still = try #require(caption(h, at: 0.5))
        h.script = GestureScript().down(1, 0.8, 0.5, at: 1)
            .drag(1, from: (0.8, 0.5), to: (0.6, 0.5), from: 1, to: 1.3, lift: false)
        let moved = try #require(caption(h, at: 1.4))
        #expect(moved.band == still.band.offsetBy(dx: -200, dy: 0))
        #expect(moved.box == still.box.offsetBy(dx: -200, dy: 0))
    }

    @Test func theCaptionFadesWithThePhotoInATransitionAndAPullDown() throws {
        var h = BrowseHarness()
        h.options.interval = 4
        // Halfway through the fade from slide 0 to 1.
        let fading = try #require(caption(h, at: 4.4))
        #expect(fading.alpha > 0.05 && fading.alpha < 0.95)
        #expect(try #require(caption(h, at: 5)).alpha == 1)
        h.script = GestureScript().down(1, 0.5, 0.3, at: 1)
            .drag(1, from: (0.5, 0.3), to: (0.5, 0.55), from: 1, to: 1.3, lift: false)
        let pulled = try #require(caption(h, at: 1.4))
        #expect(pulled.alpha < 0.7)
        let rest = try #require(caption(h, at: 0.5))
        #expect(pulled.band.width < rest.band.width, "it shrinks with the photo")
    }
}
