import Testing

@testable import VitrineCore

@Suite("Overlays in the touch modes")
struct BrowseOverlayTests {
    /// The engine with page dots that show only while browsing, after `events`, at `time`.
    func overlayOps(_ events: [InputEvent], at time: Double, touch: TouchOptions = TouchOptions()) -> Int {
        var h = BrowseHarness()
        h.touch = touch
        h.script.events = events
        var engine = ShowEngine(
            slides: (0..<h.count).map { Slide(path: "slide\($0)") }, options: h.options, output: TestScreen.size,
            touch: touch)
        var stack = OverlayStack()
        stack.add(PageIndicatorOverlay(mode: .browse), slides: engine.show.slides)
        engine.overlays = stack
        for e in events { engine.enqueue(e) }
        _ = engine.run(to: ShowTime(seconds: time), isReady: { _ in true }, imageSize: h.imageSize)
        let bare = SceneBuilder(output: TestScreen.size).build(
            engine.show, controller: engine.browse, at: ShowTime(seconds: time), imageSize: h.imageSize)
        return engine.scene(at: ShowTime(seconds: time), imageSize: h.imageSize).ops.count - bare.ops.count
    }

    @Test func pageDotsShowWhileBrowsingAndASecondTapHidesThem() {
        let touch = GestureScript().down(1, 0.5, 0.5, at: 1).up(1, 0.5, 0.5, at: 1.05).events
        #expect(overlayOps([], at: 0.7) == 0)
        #expect(overlayOps(touch, at: 1.1) > 0)
        // The tap that started browsing keeps them; the next hides them once the double tap has failed.
        #expect(overlayOps(touch, at: 1.5) > 0)
        let again = touch + GestureScript().down(1, 0.5, 0.5, at: 2).up(1, 0.5, 0.5, at: 2.05).events
        #expect(overlayOps(again, at: 2.5) == 0)
    }

    @Test func overTheGridNoOverlays() {
        var touch = TouchOptions()
        touch.startInGrid = true
        #expect(overlayOps([], at: 0.7, touch: touch) == 0)
    }
}
