import Foundation
import Testing

@testable import VitrineCore

/// Browsing as a phone's photo viewer does: zooms that settle, paging only along its axis,
/// paging on from a zoomed photo's edge, and the vertical paging mode.
@Suite("Phone-like browsing")
struct PhoneBrowsingTests {
    let spring = BrowseView.springDuration.value

    /// Two fingers from a spread of `from` to `to` (normalised x) about the middle, over 0.3 s from t = 1;
    /// their centre moves by `shift` (normalised y) meanwhile.
    func pinch(from: Double, to: Double, shift: Double = 0, wobble: Double = 0, lift: Bool = true) -> GestureScript {
        var s = GestureScript().down(1, 0.5 - from / 2, 0.5, at: 1).down(2, 0.5 + from / 2, 0.5, at: 1.01)
        for k in 1...10 {
            let f = Double(k) / 10
            // A real panel's fingers never keep their spread exactly.
            let d = (from + (to - from) * f) * (1 + (k % 2 == 0 ? wobble : -wobble))
            let y = 0.5 + shift * f
            let t = 1.01 + 0.03 * Double(k)
            s = s.move(1, 0.5 - d / 2, y, at: t).move(2, 0.5 + d / 2, y, at: t)
        }
        guard lift else { return s }
        let y = 0.5 + shift
        return s.up(1, 0.5 - to / 2, y, at: 1.5).up(2, 0.5 + to / 2, y, at: 1.51)
    }

    func swipe(from: (Double, Double), to: (Double, Double), at t: Double) -> GestureScript {
        GestureScript().down(1, from.0, from.1, at: t).drag(1, from: from, to: to, from: t, to: t + 0.3)
    }

    @Test func aTwoFingerScrollLeavesTheZoomAtOneAndASwipeStillPages() {
        var h = BrowseHarness()
        h.script = pinch(from: 0.2, to: 0.2, shift: -0.3, wobble: 0.06)
        let during = h.engine(at: 1.3)
        #expect(during.mode == .browse)
        #expect(during.report(at: ShowTime(seconds: 1.3)).zoom == 1)
        #expect(h.rect(of: 0, at: 1.3) == h.fit(0))
        #expect(h.report(at: 2).zoom == 1)
        h.script.events += swipe(from: (0.8, 0.5), to: (0.2, 0.5), at: 2).events
        let after = h.report(at: 3)
        #expect(after.index == 1)
        #expect(after.zoom == 1)
        // Without the tolerance band the same fingers zoom (and the swipe only pans).
        h.touch.gestures.spreadTolerance = 0
        #expect(h.report(at: 1.3).zoom != 1)
    }

    @Test func aPinchToOnePointOneSpringsBackToOne() {
        var h = BrowseHarness()
        // Spread 1.21: 1.1 past the tolerance band, a zoom of 1.1.
        h.script = pinch(from: 0.2, to: 0.242)
        let held = h.report(at: 1.45).zoom
        #expect(abs(held - 1.1) < 0.01)
        let released = 1.51
        let midway = h.report(at: released + spring / 2).zoom
        #expect(midway > 1 && midway < 1.1)
        #expect(h.report(at: released + spring + 0.01).zoom == 1)
        #expect(h.rect(of: 0, at: released + spring + 0.01) == h.fit(0))
        // Past the settle scale it stays.
        h.script = pinch(from: 0.2, to: 0.3)
        let kept = h.report(at: 2.5).zoom
        #expect(abs(kept - 1.5 / 1.1) < 0.01)
    }

    @Test func aZoomedImagePannedWithTwoSteadyFingersDoesNotChangeItsZoom() {
        var h = BrowseHarness()
        h.script = GestureScript().tap(0.5, 0.5, at: 0.5).tap(0.5, 0.5, at: 0.6)
        let base = h.report(at: 0.99).zoom
        #expect(base == 2)
        var two = pinch(from: 0.2, to: 0.2, shift: -0.1, wobble: 0.05)
        two.events = h.script.events + two.events
        h.script = two
        #expect(h.report(at: 1.45).zoom == 2)
        let before = h.rect(of: 0, at: 0.99)
        let during = h.rect(of: 0, at: 1.45)
        #expect((during?.minY ?? 0) < (before?.minY ?? 0) - 10)
    }
}

@Suite("Paging direction and edges")
struct PagingDirectionTests {
    func drag(from: (Double, Double), to: (Double, Double), at t: Double, seconds: Double = 0.3) -> GestureScript {
        GestureScript().down(1, from.0, from.1, at: t).drag(1, from: from, to: to, from: t, to: t + seconds)
    }

    /// A drag of `length` pixels at `degrees` below the horizontal, leftwards, from the screen's right part.
    func slanted(_ degrees: Double, length: Double = 600) -> GestureScript {
        let a = degrees * .pi / 180
        let dx = TestScreen.nx(length * cos(a))
        let dy = TestScreen.ny(length * sin(a))
        return drag(from: (0.85, 0.1), to: (0.85 - dx, 0.1 + dy), at: 1)
    }

    @Test func aDragWithinFortyFiveDegreesOfTheAxisPagesAndASteeperOnePullsDown() {
        var h = BrowseHarness()
        for degrees in [25.0, 40, 44] {
            h.script = slanted(degrees)
            #expect(h.report(at: 2).index == 1, "\(degrees)°")
        }
        // Steeper than 45° and downwards it is the dismiss: no drag is neither.
        for degrees in [46.0, 60] {
            h.script = slanted(degrees, length: 300)
            #expect(h.report(at: 2).mode == "attract", "\(degrees)°")
        }
        // The angle is a setting: at 30° a drag between 30° and 45° is neither.
        h.touch.gestures.pageAngle = 30
        h.script = slanted(40)
        let r = h.report(at: 2)
        #expect(r.index == 0)
        #expect(r.transition == nil)
        #expect(h.rect(of: 0, at: 1.2) == h.fit(0), "the slide does not follow")
    }

    @Test func aZoomedImageDraggedPastItsEdgePagesAndTheZoomIsForgotten() throws {
        var h = BrowseHarness()
        let zoomed = GestureScript().tap(0.5, 0.5, at: 1).tap(0.5, 0.5, at: 1.2)
        h.script = zoomed
        #expect(h.report(at: 1.9).zoom == 2)
        // 2× of 666.7 × 500 is 1333 × 1000: its right edge meets the screen's after 166.7 px.
        var s = zoomed.down(1, 0.9, 0.5, at: 2)
            .drag(1, from: (0.9, 0.5), to: (0.1, 0.5), from: 2, to: 2.6, steps: 12, lift: false)
        h.script = s
        let current = try #require(h.rect(of: 0, at: 2.6))
        let next = try #require(h.rect(of: 1, at: 2.6))
        // 800 px dragged: 166.7 pan the image to its edge, the rest moves the page.
        #expect(abs(current.maxX - (1000 - (800 - 166.667))) < 0.5)
        #expect(abs(current.width - h.fit(0).width * 2) < 1e-6)
        #expect(abs(next.minX - (current.maxX + h.fit(1).minX)) < 0.5)
        s = s.up(1, 0.1, 0.5, at: 2.7)
        h.script = s
        let paged = h.report(at: 3.5)
        #expect(paged.index == 1)
        #expect(paged.zoom == 1)
        #expect(h.rect(of: 1, at: 3.5) == h.fit(1))
        // Mid-glide the photo left behind still looks zoomed.
        let leaving = try #require(h.rect(of: 0, at: 2.75))
        #expect(abs(leaving.width - h.fit(0).width * 2) < 1e-6)
        // Back to it: at 1×.
        h.script = s.down(1, 0.2, 0.5, at: 4).drag(1, from: (0.2, 0.5), to: (0.8, 0.5), from: 4, to: 4.3)
        #expect(h.report(at: 5).index == 0)
        #expect(h.report(at: 5).zoom == 1)
        #expect(h.rect(of: 0, at: 5) == h.fit(0))
    }

    @Test func aZoomedImagePulledSlightlyPastItsEdgeAndBackStaysZoomed() {
        var h = BrowseHarness()
        h.script = GestureScript().tap(0.5, 0.5, at: 1).tap(0.5, 0.5, at: 1.2).down(1, 0.9, 0.5, at: 2)
            .drag(1, from: (0.9, 0.5), to: (0.65, 0.5), from: 2, to: 3, steps: 20, lift: false)
            .drag(1, from: (0.65, 0.5), to: (0.68, 0.5), from: 3, to: 3.5, steps: 10, lift: false)
            .up(1, 0.68, 0.5, at: 3.8)
        let r = h.report(at: 4.5)
        #expect(r.index == 0)
        #expect(r.zoom == 2)
        // At its edge, no page offset left.
        #expect(abs((h.rect(of: 0, at: 4.5)?.maxX ?? 0) - 1000) < 1e-6)
        #expect(h.scene(at: 4.5).slidesDrawn == [0])
    }

    @Test func inVerticalModeUpAndDownPageAndASidewaysPullDismisses() throws {
        var h = BrowseHarness()
        h.touch.gestures.pagingAxis = .vertical
        h.script = GestureScript().down(1, 0.5, 0.8, at: 1)
            .drag(1, from: (0.5, 0.8), to: (0.5, 0.5), from: 1, to: 1.3, lift: false)
        let moved = try #require(h.rect(of: 0, at: 1.35))
        #expect(moved == h.fit(0).offsetBy(dx: 0, dy: -150))
        let below = try #require(h.rect(of: 1, at: 1.35))
        #expect(below == h.fit(1).offsetBy(dx: 0, dy: 350))
        h.script = drag(from: (0.5, 0.8), to: (0.5, 0.2), at: 1)
        #expect(h.report(at: 1.32).transition?.kind == .slide)
        #expect(h.report(at: 2).index == 1)
        h.script = drag(from: (0.5, 0.2), to: (0.5, 0.8), at: 1)
        #expect(h.report(at: 2).index == 2)
        // Sideways: not a page but the dismiss, either way.
        for to in [0.2, 0.8] {
            h.script = drag(from: (0.5, 0.5), to: (to, 0.5), at: 1)
            let r = h.report(at: 2)
            #expect(r.index == 0)
            #expect(r.mode == "attract")
        }
        // A short sideways pull springs back.
        h.script = drag(from: (0.5, 0.5), to: (0.45, 0.5), at: 1, seconds: 1)
        #expect(h.report(at: 2.5).mode == "browse")
    }
}

@Suite("Vertical paging")
struct VerticalPagingTests {
    @Test func pagingVerticalIsAnOptionAndTurnsTheSlideTransition() throws {
        var touch = TouchOptions()
        touch.gestures.pagingAxis = .vertical

        var h = BrowseHarness()
        h.options.transition = .slide
        h.options.interval = 4
        h.touch = touch
        // Halfway through the slide from 0 to 1 (4 s to 4.8 s), slide 1 comes up from below.
        let incoming = try #require(h.rect(of: 1, at: 4.4))
        #expect(incoming.minX == h.fit(1).minX)
        #expect(incoming.minY > h.fit(1).minY + 10)
    }
}
