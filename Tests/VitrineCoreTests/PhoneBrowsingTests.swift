import Testing

@testable import VitrineCore

/// Browsing as a phone's photo viewer does: zooms that settle, paging only along its axis,
/// paging on from a zoomed photo's edge, and the vertical paging mode.
@Suite("Phone-like browsing")
struct PhoneBrowsingTests {
    let spring = BrowseView.springDuration

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
        #expect(during.report(at: 1.3).zoom == 1)
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
