import Testing

@testable import VitrineCore

@Suite("Long press, pan and swipe recognizers")
struct DragRecognizerTests {
    let settings = TestScreen.settings
    let slop = TestScreen.metrics.slop
    let metrics = TestScreen.metrics

    @Test func aRestingFingerBecomesALongPressAtItsDeadline() {
        let press = GestureScript().down(1, 0.5, 0.5, at: 1)
        let (before, _) = run(
            LongPressRecognizer(metrics: metrics), press, until: 1 + settings.longPressTime.value - 0.01)
        let (after, _) = run(LongPressRecognizer(metrics: metrics), press, until: 1 + settings.longPressTime.value)
        #expect(before.state == .possible)
        #expect(after.state == .began)
        #expect(after.location == Point(x: 500, y: 250))
        var moving = after
        moving.handle(InputEvent(time: ShowTime(seconds: 2), kind: .move(id: 1, x: 0.7, y: 0.5)))
        #expect(moving.state == .changed)
        moving.handle(InputEvent(time: ShowTime(seconds: 2.1), kind: .up(id: 1, x: 0.7, y: 0.5)))
        #expect(moving.state == .ended)
        #expect(moving.location == Point(x: 700, y: 250))
    }

    @Test func aLongPressThatLiftsTooSoonOrWandersFails() {
        let short = GestureScript().tap(0.5, 0.5, at: 1, hold: settings.longPressTime.value - 0.05)
        #expect(run(LongPressRecognizer(metrics: metrics), short, until: 3).0.state == .failed)
        let wander = GestureScript().down(1, 0.5, 0.5, at: 1).move(1, 0.5, 0.5 + TestScreen.ny(slop * 1.5), at: 1.3)
        #expect(run(LongPressRecognizer(metrics: metrics), wander, until: 3).0.state == .failed)
        let still = GestureScript().down(1, 0.5, 0.5, at: 1).move(1, 0.5, 0.5 + TestScreen.ny(slop * 0.5), at: 1.3)
        #expect(run(LongPressRecognizer(metrics: metrics), still, until: 3).0.state == .began)
    }

    @Test func aLongPressNeedsOneFinger() {
        let two = GestureScript().down(1, 0.4, 0.5, at: 1).down(2, 0.6, 0.5, at: 1.1)
        #expect(run(LongPressRecognizer(metrics: metrics), two, until: 3).0.state == .failed)
        var began = run(LongPressRecognizer(metrics: metrics), GestureScript().down(1, 0.4, 0.5, at: 1), until: 1.9).0
        #expect(began.state == .began)
        began.handle(InputEvent(time: ShowTime(seconds: 2), kind: .down(id: 2, x: 0.6, y: 0.5)))
        #expect(began.state == .cancelled)
    }

    @Test func aPanBeginsPastTheSlopAndReportsTranslationAndVelocity() {
        let script = GestureScript().down(1, 0.2, 0.5, at: 1).drag(
            1, from: (0.2, 0.5), to: (0.6, 0.5), from: 1, to: 1.4)
        let (pan, states) = run(PanRecognizer(metrics: metrics), script)
        #expect(states == [.possible, .began, .changed, .ended])
        #expect(abs(pan.info.translation.dx - 400) < 1e-6)
        // 400 pixels in 0.4 s at an even pace: 1000 pixels a second.
        #expect(abs(pan.info.velocity.dx - 1000) < 1)
        #expect(abs(pan.info.velocity.dy) < 1e-6)
    }

    @Test func aPanThatStaysWithinTheSlopFails() {
        let d = TestScreen.nx(slop * 0.9)
        let script = GestureScript().down(1, 0.5, 0.5, at: 1).drag(
            1, from: (0.5, 0.5), to: (0.5 + d, 0.5), from: 1, to: 1.2)
        let (pan, states) = run(PanRecognizer(metrics: metrics), script)
        #expect(pan.state == .failed)
        #expect(!states.contains(.began))
    }

    @Test func aSecondFingerBeforeThePanBeginsFailsIt() {
        let script = GestureScript().down(1, 0.5, 0.5, at: 1).down(2, 0.6, 0.5, at: 1.02)
            .drag(1, from: (0.5, 0.5), to: (0.2, 0.5), from: 1.02, to: 1.3)
        #expect(run(PanRecognizer(metrics: metrics), script).0.state == .failed)
    }

    @Test func aPanKeepsItsFingerWhenASecondLands() {
        let script = GestureScript().down(1, 0.5, 0.5, at: 1)
            .drag(1, from: (0.5, 0.5), to: (0.4, 0.5), from: 1, to: 1.1, lift: false)
            .down(2, 0.7, 0.5, at: 1.15).move(2, 0.8, 0.5, at: 1.2)
            .drag(1, from: (0.4, 0.5), to: (0.3, 0.5), from: 1.2, to: 1.3)
        let (pan, _) = run(PanRecognizer(metrics: metrics), script)
        #expect(pan.state == .ended)
        #expect(abs(pan.info.translation.dx + 200) < 1e-6)
    }

    @Test func anAxisLockedPanFailsInTheOtherDirection() {
        let sideways = GestureScript().down(1, 0.5, 0.5, at: 1)
            .drag(1, from: (0.5, 0.5), to: (0.8, 0.52), from: 1, to: 1.3)
        let downwards = GestureScript().down(1, 0.5, 0.3, at: 1)
            .drag(1, from: (0.5, 0.3), to: (0.52, 0.8), from: 1, to: 1.3)
        #expect(run(PanRecognizer(axis: .horizontal, metrics: metrics), sideways).0.state == .ended)
        #expect(run(PanRecognizer(axis: .vertical, metrics: metrics), sideways).0.state == .failed)
        #expect(run(PanRecognizer(axis: .vertical, metrics: metrics), downwards).0.state == .ended)
        #expect(run(PanRecognizer(axis: .horizontal, metrics: metrics), downwards).0.state == .failed)
    }

    @Test func aFingerThatStopsBeforeLiftingHasNoVelocity() {
        let script = GestureScript().down(1, 0.2, 0.5, at: 1)
            .drag(1, from: (0.2, 0.5), to: (0.6, 0.5), from: 1, to: 1.2, lift: false).up(1, 0.6, 0.5, at: 1.5)
        let (pan, _) = run(PanRecognizer(metrics: metrics), script)
        #expect(pan.state == .ended)
        #expect(pan.info.velocity == .zero)
    }

    @Test func aDragReportedOnlyByItsLiftStillCounts() {
        let script = GestureScript().down(1, 0.2, 0.5, at: 1).up(1, 0.6, 0.5, at: 1.05)
        let (pan, states) = run(PanRecognizer(metrics: metrics), script)
        #expect(states == [.possible, .ended])
        #expect(abs(pan.info.translation.dx - 400) < 1e-6)
    }

    @Test func aSwipePastHalfTheWidthPages() {
        let left = GestureScript().down(1, 0.8, 0.5, at: 1)
            .drag(1, from: (0.8, 0.5), to: (0.25, 0.5), from: 1, to: 3, lift: false).up(1, 0.25, 0.5, at: 3.5)
        let right = GestureScript().down(1, 0.2, 0.5, at: 1)
            .drag(1, from: (0.2, 0.5), to: (0.75, 0.5), from: 1, to: 3, lift: false).up(1, 0.75, 0.5, at: 3.5)
        #expect(run(SwipeRecognizer(metrics: metrics), left).0.pageDirection == 1)
        #expect(run(SwipeRecognizer(metrics: metrics), right).0.pageDirection == -1)
    }

    @Test func aSlowSwipeShortOfHalfTheWidthDoesNotPage() {
        let distance = settings.pageDistance - 0.02
        let script = GestureScript().down(1, 0.8, 0.5, at: 1)
            .drag(1, from: (0.8, 0.5), to: (0.8 - distance, 0.5), from: 1, to: 3, lift: false)
            .up(1, 0.8 - distance, 0.5, at: 3.5)
        let (swipe, _) = run(SwipeRecognizer(metrics: metrics), script)
        #expect(swipe.state == .ended)
        #expect(swipe.pageDirection == 0)
    }

    @Test func aShortFastFlingPages() {
        // A fifth of the width in a tenth of a second: two widths a second.
        let fling = GestureScript().down(1, 0.6, 0.5, at: 1).drag(1, from: (0.6, 0.5), to: (0.4, 0.5), from: 1, to: 1.1)
        #expect(run(SwipeRecognizer(metrics: metrics), fling).0.pageDirection == 1)
        // The same distance slower than the threshold does not.
        let seconds = 0.2 / (settings.pageVelocity * 0.9)
        let slow = GestureScript().down(1, 0.6, 0.5, at: 1)
            .drag(1, from: (0.6, 0.5), to: (0.4, 0.5), from: 1, to: 1 + seconds, steps: 40)
        #expect(run(SwipeRecognizer(metrics: metrics), slow).0.pageDirection == 0)
    }

    @Test func thePagingRuleHasItsThresholds() {
        let w = 1000.0
        let d = settings.pageDistance * w
        let v = settings.pageVelocity * w
        #expect(SwipeRecognizer.pageDirection(offset: -d * 0.98, velocity: -v * 0.98, span: w, settings: settings) == 0)
        #expect(SwipeRecognizer.pageDirection(offset: -d * 1.02, velocity: 0, span: w, settings: settings) == 1)
        #expect(SwipeRecognizer.pageDirection(offset: 0, velocity: v * 1.02, span: w, settings: settings) == -1)
        // A fling against the drag wins.
        #expect(SwipeRecognizer.pageDirection(offset: -d * 1.5, velocity: v * 2, span: w, settings: settings) == -1)
    }

    @Test func aVerticalDragIsNotASwipe() {
        let script = GestureScript().down(1, 0.5, 0.2, at: 1).drag(
            1, from: (0.5, 0.2), to: (0.5, 0.9), from: 1, to: 1.3)
        #expect(run(SwipeRecognizer(metrics: metrics), script).0.state == .failed)
    }
}
