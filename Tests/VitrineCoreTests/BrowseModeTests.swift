import Testing

@testable import VitrineCore

/// A show of three slides on the 1000 × 500 test screen, driven by scripted input.
struct BrowseHarness {
    /// 4:3 (letterboxed to 666.7 × 500), 4:1 (1000 × 250), 2:3 (333.3 × 500).
    static let sizes = [Size(width: 800, height: 600), Size(width: 2000, height: 500), Size(width: 600, height: 900)]
    var options = ShowStyle()
    var touch = TouchOptions()
    var count = 3
    var script = GestureScript()

    func imageSize(_ i: Int) -> Size? { Self.sizes[i % Self.sizes.count] }

    /// The engine after running the script to `time`.
    func engine(at time: Double) -> ShowEngine {
        var engine = ShowEngine(
            slides: (0..<count).map { Slide(path: "slide\($0)") }, options: options, output: TestScreen.size,
            touch: touch)
        for e in script.events { engine.enqueue(e) }
        _ = engine.run(to: ShowTime(seconds: time), isReady: { _ in true }, imageSize: imageSize)
        return engine
    }

    func report(at time: Double) -> StateReport { engine(at: time).report(at: ShowTime(seconds: time)) }

    func scene(at time: Double) -> Scene { engine(at: time).scene(at: ShowTime(seconds: time), imageSize: imageSize) }

    /// Where slide `i` is drawn at `time`.
    func rect(of i: Int, at time: Double) -> Rect? {
        for case .image(let slide, let rect, _) in scene(at: time).ops where slide == i { return rect }
        return nil
    }

    func fit(_ i: Int) -> Rect {
        FitMode.contain.rect(for: Self.sizes[i % Self.sizes.count], in: Rect(size: TestScreen.size))
    }
}

@Suite("Browse mode")
struct BrowseModeTests {
    let settings = TestScreen.settings
    let spring = BrowseView.springDuration.value

    @Test func aTouchStopsTheShowOnTheSlideShowing() {
        var h = BrowseHarness()
        h.options.interval = 4
        h.script = GestureScript().down(1, 0.5, 0.5, at: 5)
        let before = h.report(at: 4.9)
        let after = h.report(at: 5.01)
        #expect(before.mode == "attract")
        #expect(after.mode == "browse")
        #expect(after.index == before.index)
        #expect(after.paused)
        // Much later, still on it.
        h.script = h.script.up(1, 0.5, 0.5, at: 5.05)
        #expect(h.report(at: 12).index == before.index)
    }

    @Test func aTouchDuringATransitionBrowsesTheIncomingSlide() {
        var h = BrowseHarness()
        h.options.interval = 4
        h.script = GestureScript().down(1, 0.5, 0.5, at: 4.3)
        let r = h.report(at: 4.35)
        #expect(r.index == 1)
        #expect(r.transition == nil)
    }

    @Test func browsingKeepsBothNeighboursDecoded() throws {
        var h = BrowseHarness()
        let attract = h.engine(at: 1)
        let before = try #require(attract.show.index(before: attract.show.index))
        // Moving on by itself, the show does not want the slide before; a swipe may draw it at once.
        #expect(!attract.wantedSlides.contains(before))
        h.script = GestureScript().tap(0.5, 0.5, at: 1)
        let browsing = h.engine(at: 1.5)
        #expect(browsing.mode == .browse)
        let previous = try #require(browsing.show.index(before: browsing.show.index))
        let next = try #require(browsing.show.index(after: browsing.show.index))
        #expect(browsing.wantedSlides.contains(previous))
        #expect(browsing.wantedSlides.contains(next))
    }

    @Test func theFirstTapShowsTheOverlaysAndLaterTapsToggleThem() {
        var h = BrowseHarness()
        // The tap that starts browsing leaves them showing.
        h.script = GestureScript().tap(0.5, 0.5, at: 1)
        #expect(h.engine(at: 1.5).mode == .browse)
        #expect(h.engine(at: 1.5).overlaysVisible)
        // The next one hides them once the double tap has failed, and another shows them again.
        h.script = h.script.tap(0.5, 0.5, at: 2)
        let decided = 2.05 + settings.doubleTapTime.value
        #expect(h.engine(at: decided - 0.02).overlaysVisible)
        #expect(!h.engine(at: decided + 0.02).overlaysVisible)
        h.script = h.script.tap(0.5, 0.5, at: 3)
        #expect(h.engine(at: 4).overlaysVisible)
        // A double tap zooms and leaves the overlays alone.
        h.script = GestureScript().tap(0.5, 0.5, at: 1).tap(0.5, 0.5, at: 1.2)
        #expect(h.engine(at: 3).overlaysVisible)
        // Hidden in browse mode, they come back with the show.
        h.touch.idleTimeout = 5
        h.script = GestureScript().tap(0.5, 0.5, at: 1).tap(0.5, 0.5, at: 2)
        #expect(!h.engine(at: 6).overlaysVisible)
        #expect(h.engine(at: 7.1).overlaysVisible)
    }

    @Test func aDoubleTapZoomsToTwoWithTheTappedPointCentredAndBack() {
        var h = BrowseHarness()
        let p = Point(x: 450, y: 200)
        let (x, y) = (p.x / TestScreen.size.width, p.y / TestScreen.size.height)
        h.script = GestureScript().tap(x, y, at: 1).tap(x, y, at: 1.2)
        let zoomAt = 1.25
        let midway = h.report(at: zoomAt + spring / 2).zoom
        #expect(midway > 1 && midway < 2)
        #expect(h.report(at: zoomAt + spring + 0.01).zoom == 2)
        // The image point that was tapped is now in the middle of the screen.
        let fit = h.fit(0)
        let rect = h.rect(of: 0, at: 2)
        let scale = (rect?.width ?? 0) / fit.width
        let landed = Point(
            x: (rect?.minX ?? 0) + (p.x - fit.minX) * scale, y: (rect?.minY ?? 0) + (p.y - fit.minY) * scale)
        #expect(abs(landed.x - 500) < 1e-6)
        #expect(abs(landed.y - 250) < 1e-6)
        // Another double tap goes back to fit.
        h.script = h.script.tap(x, y, at: 2).tap(x, y, at: 2.2)
        #expect(h.report(at: 3).zoom == 1)
        #expect(h.rect(of: 0, at: 3) == fit)
    }

    @Test func aPinchZoomsToThreeAtMostAndSpringsBack() {
        var h = BrowseHarness()
        h.script = pinch(from: 0.1, to: 0.4)
        let released = 1.51
        let stretched = h.report(at: released - 0.02).zoom
        #expect(stretched > 3 && stretched < 4)
        #expect(h.report(at: released + spring + 0.01).zoom == 3)
        h.script = pinch(from: 0.4, to: 0.1)
        let squeezed = h.report(at: released - 0.02).zoom
        #expect(squeezed < 1 && squeezed > 0.25)
        #expect(h.report(at: released + spring + 0.01).zoom == 1)
        #expect(h.rect(of: 0, at: released + spring + 0.01) == h.fit(0))
    }

    @Test func aZoomedImagePansWithinItsBounds() {
        var h = BrowseHarness()
        h.options.loop = false  // no slide to the left to page to
        h.script = pinch(from: 0.1, to: 0.2)
            .down(1, 0.5, 0.5, at: 3).drag(1, from: (0.5, 0.5), to: (0.95, 0.5), from: 3, to: 3.3)
        let zoom = h.report(at: 2.9).zoom
        #expect(zoom > 1.5)
        // Dragged far right: stretched past the edge while the finger is down, at the edge after.
        let during = h.rect(of: 0, at: 3.29)
        let after = h.rect(of: 0, at: 3.3 + spring + 0.01)
        #expect((during?.minX ?? 0) > 0)
        #expect(abs(after?.minX ?? 1) < 1e-6)
        #expect(h.report(at: 4).mode == "browse")
    }

    @Test func aHalfSwipeMovesTheSlideAndItsNeighbourWithTheFinger() {
        var h = BrowseHarness()
        h.script = GestureScript().down(1, 0.8, 0.5, at: 1)
            .drag(1, from: (0.8, 0.5), to: (0.5, 0.5), from: 1, to: 1.3, lift: false)
        let current = h.rect(of: 0, at: 1.4)
        let next = h.rect(of: 1, at: 1.4)
        #expect(current == h.fit(0).offsetBy(dx: -300, dy: 0))
        #expect(next == h.fit(1).offsetBy(dx: 700, dy: 0))
    }

    @Test func aSwipePastHalfPagesWithTheSlideTransition() {
        var h = BrowseHarness()
        h.script = swipe(from: 0.8, to: 0.2)
        let r = h.report(at: 1.32)
        #expect(r.index == 1)
        #expect(r.transition?.kind == .slide)
        #expect(h.report(at: 2).index == 1)
        #expect(h.report(at: 2).transition == nil)
        #expect(h.rect(of: 1, at: 2) == h.fit(1))
        // To the right from the first slide: the loop brings the last.
        h.script = swipe(from: 0.2, to: 0.8)
        #expect(h.report(at: 2).index == 2)
    }

    @Test func withoutLoopingTheFirstSlideResistsAndStays() {
        var h = BrowseHarness()
        h.options.loop = false
        h.script = GestureScript().down(1, 0.2, 0.5, at: 1)
            .drag(1, from: (0.2, 0.5), to: (0.6, 0.5), from: 1, to: 1.3, lift: false).up(1, 0.6, 0.5, at: 1.5)
        let pulled = h.rect(of: 0, at: 1.4)
        let shift = (pulled?.minX ?? 0) - h.fit(0).minX
        #expect(shift > 0 && shift < 400)
        #expect(h.report(at: 2).index == 0)
        #expect(h.rect(of: 0, at: 2) == h.fit(0))
    }

    @Test func aShortSlowSwipeSpringsBack() {
        var h = BrowseHarness()
        h.script = GestureScript().down(1, 0.7, 0.5, at: 1)
            .drag(1, from: (0.7, 0.5), to: (0.4, 0.5), from: 1, to: 2, steps: 30, lift: false).up(1, 0.4, 0.5, at: 2.3)
        #expect(h.report(at: 3).index == 0)
        #expect(h.rect(of: 0, at: 2.3 + spring + 0.01) == h.fit(0))
    }

    @Test func pullingDownShrinksTheImageAndFadesTheBackground() throws {
        var h = BrowseHarness()
        h.script = GestureScript().down(1, 0.5, 0.3, at: 1)
            .drag(1, from: (0.5, 0.3), to: (0.5, 0.5), from: 1, to: 1.3, lift: false)
        let scene = h.scene(at: 1.4)
        let dy = 0.2
        let veil = scene.ops.compactMap { op -> Double? in
            if case .fill(let rect, _, let alpha) = op, rect == Rect(size: TestScreen.size) { return alpha }
            return nil
        }
        #expect(veil.count == 1)
        #expect(abs((veil.first ?? 0) - (1 - 1.5 * dy)) < 1e-9)
        let rect = try #require(h.rect(of: 0, at: 1.4))
        #expect(abs(rect.height - h.fit(0).height * (1 - dy)) < 1e-9)
        // The grabbed point stays under the finger.
        let grab = Point(x: 500, y: 150)
        let fit = h.fit(0)
        let u = (grab.y - fit.minY) / fit.height
        #expect(abs(rect.minY + u * rect.height - 250) < 1e-9)
    }

    @Test func aLongPullDismissesToTheShowAndAShortOneSpringsBack() {
        var h = BrowseHarness()
        h.options.interval = 4
        h.script = pullDown(by: settings.dismissDistance + 0.05, seconds: 2)
        let released = 3.2
        #expect(h.report(at: released - 0.05).mode == "browse")
        #expect(h.report(at: released + spring - 0.05).mode == "browse")
        let back = h.report(at: released + spring + 0.05)
        #expect(back.mode == "attract")
        #expect(!back.paused)
        h.script = pullDown(by: settings.dismissDistance - 0.05, seconds: 2)
        #expect(h.report(at: 4).mode == "browse")
        #expect(h.rect(of: 0, at: 4) == h.fit(0))
        // A quick flick dismisses however short.
        h.script = pullDown(by: 0.1, seconds: 0.05)
        #expect(h.report(at: 2).mode == "attract")
    }

    @Test func aZoomedImageIsPannedNotDismissed() {
        var h = BrowseHarness()
        h.script = GestureScript().tap(0.5, 0.5, at: 1).tap(0.5, 0.5, at: 1.2)
            .down(1, 0.5, 0.3, at: 2).drag(1, from: (0.5, 0.3), to: (0.5, 0.8), from: 2, to: 2.2)
        let r = h.report(at: 3)
        #expect(r.mode == "browse")
        #expect(r.zoom == 2)
    }

    @Test func afterTheIdleTimeoutTheShowResumesFromTheCurrentSlide() {
        var h = BrowseHarness()
        h.options.interval = 4
        h.touch.idleTimeout = 2
        h.script = GestureScript().tap(0.5, 0.5, at: 1).tap(0.5, 0.5, at: 1.2)  // zoom in, then leave
        let lastInput = 1.25
        #expect(h.report(at: lastInput + 1.9).mode == "browse")
        #expect(h.report(at: lastInput + 1.9).zoom == 2)
        let idle = h.report(at: lastInput + 2.01)
        #expect(idle.mode == "attract")
        #expect(idle.zoom == 1)
        #expect(!idle.paused)
        // The slide gets the rest of its time: it had shown for 1 s when touched.
        let due = lastInput + 2 + (4 - 1)
        #expect(h.report(at: due - 0.05).index == 0)
        #expect(h.report(at: due + 0.05).index == 1)
    }

    @Test func theWheelZoomsAboutThePointer() {
        var h = BrowseHarness()
        h.script.events = [InputEvent(time: ShowTime(seconds: 1), kind: .wheel(x: 0.6, y: 0.5, dy: 1))]
        let r = h.report(at: 2)
        #expect(r.mode == "browse")
        #expect(abs(r.zoom - h.touch.wheelZoomStep) < 1e-9)
        h.script.events += [InputEvent(time: ShowTime(seconds: 2), kind: .wheel(x: 0.6, y: 0.5, dy: -3))]
        #expect(h.report(at: 3).zoom == 1)
    }

    @Test func keysInBrowsePageAndSpaceGoesBackToTheShow() {
        var h = BrowseHarness()
        h.script = GestureScript().tap(0.5, 0.5, at: 1)
        h.script.events += [InputEvent(time: ShowTime(seconds: 2), kind: .key(.right))]
        let paging = h.report(at: 2.05)
        #expect(paging.mode == "browse")
        #expect(paging.index == 1)
        #expect(paging.transition?.kind == .slide)
        h.script.events += [InputEvent(time: ShowTime(seconds: 3), kind: .key(.space))]
        let back = h.report(at: 3.05)
        #expect(back.mode == "attract")
        #expect(back.index == 1)
    }

    func pinch(from: Double, to: Double) -> GestureScript {
        var s = GestureScript().down(1, 0.5 - from / 2, 0.5, at: 1).down(2, 0.5 + from / 2, 0.5, at: 1.01)
        for k in 1...10 {
            let d = from + (to - from) * Double(k) / 10
            s = s.move(1, 0.5 - d / 2, 0.5, at: 1.01 + 0.03 * Double(k)).move(
                2, 0.5 + d / 2, 0.5, at: 1.01 + 0.03 * Double(k))
        }
        return s.up(1, 0.5 - to / 2, 0.5, at: 1.5).up(2, 0.5 + to / 2, 0.5, at: 1.51)
    }

    func swipe(from: Double, to: Double) -> GestureScript {
        GestureScript().down(1, from, 0.5, at: 1).drag(1, from: (from, 0.5), to: (to, 0.5), from: 1, to: 1.3)
    }

    /// A pull down by `fraction` of the height over `seconds`, resting 0.2 s before the lift when slow.
    func pullDown(by fraction: Double, seconds: Double) -> GestureScript {
        let s = GestureScript().down(1, 0.5, 0.2, at: 1)
            .drag(1, from: (0.5, 0.2), to: (0.5, 0.2 + fraction), from: 1, to: 1 + seconds, steps: 20, lift: false)
        return s.up(1, 0.5, 0.2 + fraction, at: 1 + seconds + (seconds > 0.5 ? 0.2 : 0))
    }
}
