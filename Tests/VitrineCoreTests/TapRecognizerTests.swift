import Testing

@testable import VitrineCore

@Suite("Tap and double tap recognizers")
struct TapRecognizerTests {
    let settings = TestScreen.settings
    let slop = TestScreen.metrics.slop

    @Test func aQuickStillTapIsRecognisedWhereItTouched() {
        let (tap, states) = run(TapRecognizer(metrics: TestScreen.metrics), GestureScript().tap(0.3, 0.4, at: 1))
        #expect(tap.state == .ended)
        #expect(states == [.possible, .ended])
        #expect(tap.location == Point(x: 300, y: 200))
        #expect(tap.isConsistent)
    }

    @Test func aTapThatWandersPastTheSlopFails() {
        let within = GestureScript().down(1, 0.5, 0.5, at: 0).move(1, 0.5 + TestScreen.nx(slop * 0.8), 0.5, at: 0.02)
            .up(1, 0.5 + TestScreen.nx(slop * 0.8), 0.5, at: 0.05)
        let beyond = GestureScript().down(1, 0.5, 0.5, at: 0).move(1, 0.5 + TestScreen.nx(slop * 1.3), 0.5, at: 0.02)
            .up(1, 0.5, 0.5, at: 0.05)
        #expect(run(TapRecognizer(metrics: TestScreen.metrics), within).0.state == .ended)
        #expect(run(TapRecognizer(metrics: TestScreen.metrics), beyond).0.state == .failed)
    }

    @Test func aTapHeldAsLongAsALongPressFails() {
        let quick = GestureScript().tap(0.5, 0.5, at: 0, hold: settings.longPressTime.value - 0.05)
        let slow = GestureScript().tap(0.5, 0.5, at: 0, hold: settings.longPressTime.value + 0.01)
        #expect(run(TapRecognizer(metrics: TestScreen.metrics), quick).0.state == .ended)
        #expect(run(TapRecognizer(metrics: TestScreen.metrics), slow).0.state == .failed)
        // The deadline alone fails it, before the finger lifts.
        let held = GestureScript().down(1, 0.5, 0.5, at: 0)
        #expect(
            run(TapRecognizer(metrics: TestScreen.metrics), held, until: settings.longPressTime.value).0.state
                == .failed)
    }

    @Test func twoFingersAreNotATap() {
        let script = GestureScript().down(1, 0.4, 0.5, at: 0).down(2, 0.6, 0.5, at: 0.01).up(1, 0.4, 0.5, at: 0.05)
            .up(2, 0.6, 0.5, at: 0.06)
        #expect(run(TapRecognizer(metrics: TestScreen.metrics), script).0.state == .failed)
    }

    @Test func aFreshTouchAfterAFailureStartsAgain() {
        let script = GestureScript().tap(0.5, 0.5, at: 0, hold: 1).tap(0.5, 0.5, at: 2)
        let (tap, states) = run(TapRecognizer(metrics: TestScreen.metrics), script)
        #expect(states == [.possible, .failed, .possible, .ended])
        #expect(tap.state == .ended)
    }

    @Test func twoQuickTapsInPlaceAreADoubleTap() {
        let gap = settings.doubleTapTime.value * 0.5
        let script = GestureScript().tap(0.3, 0.4, at: 1).tap(0.3, 0.4, at: 1.05 + gap)
        let (double, states) = run(DoubleTapRecognizer(metrics: TestScreen.metrics), script)
        #expect(double.state == .ended)
        #expect(states == [.possible, .ended])
        #expect(double.location == Point(x: 300, y: 200))
    }

    @Test func aDoubleTapIsNotRecognisedBeforeTheSecondTapLifts() {
        let script = GestureScript().tap(0.3, 0.4, at: 1).down(1, 0.3, 0.4, at: 1.15)
        let (double, _) = run(DoubleTapRecognizer(metrics: TestScreen.metrics), script)
        #expect(double.state == .possible)
        #expect(!double.isWaiting)
        #expect(double.isStarted)
    }

    @Test func aSecondTapTooLateIsNotADoubleTap() {
        let late = 1.05 + settings.doubleTapTime.value + 0.02
        let inTime = 1.05 + settings.doubleTapTime.value - 0.02
        let onTime = run(
            DoubleTapRecognizer(metrics: TestScreen.metrics),
            GestureScript().tap(0.5, 0.5, at: 1).tap(0.5, 0.5, at: inTime))
        let tooLate = run(
            DoubleTapRecognizer(metrics: TestScreen.metrics),
            GestureScript().tap(0.5, 0.5, at: 1).tap(0.5, 0.5, at: late))
        #expect(onTime.0.state == .ended)
        #expect(tooLate.0.state != .ended)
        // With time passing in between, the wait runs out: failed.
        let (waited, _) = run(
            DoubleTapRecognizer(metrics: TestScreen.metrics), GestureScript().tap(0.5, 0.5, at: 1), until: late)
        #expect(waited.state == .failed)
    }

    @Test func aSecondTapTooFarAwayStartsANewAttempt() {
        let distance = TestScreen.metrics.doubleTapDistance
        let near = GestureScript().tap(0.5, 0.5, at: 1).tap(0.5, 0.5 + TestScreen.ny(distance * 0.8), at: 1.15)
        let far = GestureScript().tap(0.5, 0.5, at: 1).tap(0.5, 0.5 + TestScreen.ny(distance * 1.3), at: 1.15)
        #expect(run(DoubleTapRecognizer(metrics: TestScreen.metrics), near).0.state == .ended)
        let (missed, _) = run(DoubleTapRecognizer(metrics: TestScreen.metrics), far)
        #expect(missed.state == .possible)
        #expect(missed.isWaiting)
        #expect(missed.attempt == 2)
    }

    @Test func aDoubleTapWithTwoFingersFails() {
        let script = GestureScript().tap(0.5, 0.5, at: 1).down(1, 0.5, 0.5, at: 1.1).down(2, 0.6, 0.5, at: 1.11)
        #expect(run(DoubleTapRecognizer(metrics: TestScreen.metrics), script).0.state == .failed)
    }

    @Test func aDoubleTapWhoseFirstTapIsHeldFails() {
        let script = GestureScript().tap(0.5, 0.5, at: 1, hold: settings.longPressTime.value + 0.1).tap(
            0.5, 0.5, at: 1.8)
        let (double, states) = run(DoubleTapRecognizer(metrics: TestScreen.metrics), script)
        #expect(states.contains(.failed))
        #expect(double.state != .ended)
    }
}
