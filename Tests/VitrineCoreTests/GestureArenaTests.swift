import Testing

@testable import VitrineCore

@Suite("Gesture arena")
struct GestureArenaTests {
    let settings = TestScreen.settings

    func kinds(_ gestures: [Gesture]) -> [GestureKind] { gestures.map(\.kind) }

    @Test func aSingleTapWaitsForTheDoubleTapToFail() {
        let script = GestureScript().tap(0.5, 0.5, at: 1)
        let upAt = 1.05
        let (_, early) = runArena(script, until: upAt + settings.doubleTapTime.value - 0.01)
        let (arena, late) = runArena(script, until: upAt + settings.doubleTapTime.value + 0.01)
        #expect(early.isEmpty)
        #expect(late == [.tap(Point(x: 500, y: 250))])
        #expect(arena.isConsistent)
    }

    @Test func aDoubleTapIsReportedAloneWithoutItsTaps() {
        let script = GestureScript().tap(0.3, 0.4, at: 1).tap(0.3, 0.4, at: 1.2)
        let (arena, gestures) = runArena(script, until: 3)
        #expect(gestures == [.doubleTap(Point(x: 300, y: 200))])
        #expect(arena.isConsistent)
    }

    @Test func twoTapsFarApartAreTwoSingleTaps() {
        let far = TestScreen.metrics.doubleTapDistance * 2
        let script = GestureScript().tap(0.3, 0.4, at: 1).tap(0.3 + TestScreen.nx(far), 0.4, at: 1.2)
        let (_, gestures) = runArena(script, until: 3)
        #expect(kinds(gestures) == [.tap, .tap])
    }

    @Test func withoutTheDoubleTapATapIsReportedAtOnce() {
        let script = GestureScript().tap(0.5, 0.5, at: 1)
        var arena = GestureArena(metrics: TestScreen.metrics)
        arena.enabled = [.tap, .swipe]
        var out: [Gesture] = []
        for e in script.events { out += arena.handle(e) }
        #expect(kinds(out) == [.tap])
    }

    @Test func aLongPressBeatsTheTap() {
        let script = GestureScript().tap(0.5, 0.5, at: 1, hold: settings.longPressTime.value + 0.2)
        let (_, gestures) = runArena(script, until: 3)
        #expect(kinds(gestures) == [.longPress, .longPress])
        #expect(gestures.map(\.phase) == [.began, .ended])
    }

    @Test func aSecondFingerBeforeThePanIsAcceptedMakesAPinch() {
        let script = GestureScript().down(1, 0.45, 0.5, at: 1).down(2, 0.55, 0.5, at: 1.02)
            .drag(1, from: (0.45, 0.5), to: (0.3, 0.5), from: 1.02, to: 1.3, lift: false)
            .drag(2, from: (0.55, 0.5), to: (0.7, 0.5), from: 1.02, to: 1.3, lift: false)
            .up(1, 0.3, 0.5, at: 1.4).up(2, 0.7, 0.5, at: 1.41)
        let (arena, gestures) = runArena(script, until: 2)
        #expect(Set(kinds(gestures)) == [.pinch])
        #expect(gestures.first?.phase == .began)
        #expect(gestures.last?.phase == .ended)
        if case .pinch(_, let info) = gestures.last { #expect(info.scale > 2) } else { Issue.record("no pinch") }
        #expect(arena.isConsistent)
    }

    @Test func aPanThatStartedLongBeforeTheSecondFingerStaysAPan() {
        // The second finger lands 0.35 s after the first: later than `secondFingerTime`.
        let script = GestureScript().down(1, 0.5, 0.5, at: 1)
            .drag(1, from: (0.5, 0.5), to: (0.4, 0.5), from: 1, to: 1.3, lift: false)
            .down(2, 0.7, 0.5, at: 1.35)
            .drag(2, from: (0.7, 0.5), to: (0.9, 0.5), from: 1.35, to: 1.5, lift: false)
            .drag(1, from: (0.4, 0.5), to: (0.3, 0.5), from: 1.5, to: 1.6)
            .up(2, 0.9, 0.5, at: 1.65)
        let (arena, gestures) = runArena(script, enabled: [.tap, .doubleTap, .longPress, .pan, .pinch], until: 2)
        #expect(Set(kinds(gestures)) == [.pan])
        #expect(gestures.last?.phase == .ended)
        if case .pan(_, let info) = gestures.last { #expect(abs(info.translation.dx + 200) < 1e-6) }
        #expect(arena.isConsistent)
    }

    @Test func atFitAVerticalDragDismissesAndAHorizontalOnePages() {
        let paging: Set<GestureKind> = [.tap, .doubleTap, .longPress, .swipe, .dismiss, .pinch]
        let down = GestureScript().down(1, 0.5, 0.2, at: 1)
            .drag(1, from: (0.5, 0.2), to: (0.55, 0.7), from: 1, to: 1.3)
        let side = GestureScript().down(1, 0.8, 0.5, at: 1)
            .drag(1, from: (0.8, 0.5), to: (0.3, 0.55), from: 1, to: 1.3)
        #expect(Set(kinds(runArena(down, enabled: paging).1)) == [.dismiss])
        #expect(Set(kinds(runArena(side, enabled: paging).1)) == [.swipe])
        // Zoomed in, the same drags pan the image.
        let zoomed: Set<GestureKind> = [.tap, .doubleTap, .longPress, .pan, .pinch]
        #expect(Set(kinds(runArena(down, enabled: zoomed).1)) == [.pan])
        #expect(Set(kinds(runArena(side, enabled: zoomed).1)) == [.pan])
    }

    @Test func aSwipeReportsItsPageDirectionWhenItEnds() {
        let side = GestureScript().down(1, 0.8, 0.5, at: 1).drag(1, from: (0.8, 0.5), to: (0.2, 0.5), from: 1, to: 1.3)
        let (_, gestures) = runArena(side)
        guard case .swipe(.ended, _, let direction) = gestures.last else {
            Issue.record("expected the swipe to end, got \(gestures)")
            return
        }
        #expect(direction == 1)
    }

    @Test func cancellingMidPanReportsItCancelledAndForgetsTheFingers() {
        let script = GestureScript().down(1, 0.5, 0.5, at: 1)
            .drag(1, from: (0.5, 0.5), to: (0.3, 0.5), from: 1, to: 1.2, lift: false)
        var (arena, gestures) = runArena(script)
        #expect(gestures.last?.phase == .changed)
        let cancelled = arena.cancelAll()
        #expect(cancelled.map(\.phase) == [.cancelled])
        #expect(arena.fingerCount == 0)
        #expect(arena.isConsistent)
        // The next touch is a fresh sequence.
        for e in GestureScript().tap(0.5, 0.5, at: 2).events { gestures += arena.handle(e) }
        #expect(arena.isBusy)
        #expect(arena.advance(to: ShowTime(seconds: 3)).map(\.kind) == [.tap])
    }
}
