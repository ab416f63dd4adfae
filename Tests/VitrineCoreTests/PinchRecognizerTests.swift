import Testing

@testable import VitrineCore

@Suite("Pinch recognizer")
struct PinchRecognizerTests {
    let metrics = TestScreen.metrics

    /// Two fingers on a horizontal line through (0.5, 0.5), `from` apart, spreading to `to` apart.
    func spread(from: Double, to: Double, lift: Bool = true) -> GestureScript {
        var s = GestureScript().down(1, 0.5 - from / 2, 0.5, at: 1).down(2, 0.5 + from / 2, 0.5, at: 1.01)
        for k in 1...10 {
            let d = from + (to - from) * Double(k) / 10
            let t = 1.01 + 0.03 * Double(k)
            s = s.move(1, 0.5 - d / 2, 0.5, at: t).move(2, 0.5 + d / 2, 0.5, at: t)
        }
        return lift ? s.up(1, 0.5 - to / 2, 0.5, at: 1.5).up(2, 0.5 + to / 2, 0.5, at: 1.51) : s
    }

    @Test func spreadingTwoFingersIsAPinchWithTheirRatio() {
        let (pinch, states) = run(PinchRecognizer(metrics: metrics), spread(from: 0.1, to: 0.4, lift: false))
        #expect(states == [.possible, .began, .changed])
        #expect(abs(pinch.info.scale - 4) < 1e-9)
        #expect(abs(pinch.info.focal.x - 500) < 1e-9)
        #expect(abs(pinch.info.startFocal.x - 500) < 1e-9)
    }

    @Test func thePinchEndsWhenFewerThanTwoFingersRemain() {
        let (pinch, states) = run(PinchRecognizer(metrics: metrics), spread(from: 0.4, to: 0.1))
        #expect(states.last == .ended)
        #expect(abs(pinch.info.scale - 0.25) < 1e-9)
    }

    @Test func oneFingerIsNotAPinch() {
        let script = GestureScript().down(1, 0.2, 0.5, at: 1).drag(
            1, from: (0.2, 0.5), to: (0.8, 0.5), from: 1, to: 1.3)
        let (pinch, states) = run(PinchRecognizer(metrics: metrics), script)
        #expect(pinch.state == .failed)
        #expect(!states.contains(.began))
    }

    @Test func fingersThatBarelyMoveAreNotAPinch() {
        // Spread grows by less than the slop (the span is half the distance between two fingers).
        let slop = metrics.slop
        let tiny = TestScreen.nx(slop * 1.5)
        let (pinch, states) = run(PinchRecognizer(metrics: metrics), spread(from: 0.2, to: 0.2 + tiny))
        #expect(pinch.state == .failed)
        #expect(!states.contains(.began))
        let enough = TestScreen.nx(slop * 2.5)
        #expect(run(PinchRecognizer(metrics: metrics), spread(from: 0.2, to: 0.2 + enough)).0.state == .ended)
    }

    @Test func aThirdFingerJoiningDoesNotMakeTheValuesJump() {
        var pinch = run(PinchRecognizer(metrics: metrics), spread(from: 0.1, to: 0.3, lift: false)).0
        let before = pinch.info
        pinch.handle(InputEvent(time: ShowTime(seconds: 1.4), kind: .down(id: 3, x: 0.9, y: 0.9)))
        #expect(pinch.info == before)
        #expect(pinch.state.isActive)
        // Moving the new finger away grows the spread from where it was.
        pinch.handle(InputEvent(time: ShowTime(seconds: 1.45), kind: .move(id: 3, x: 0.95, y: 0.95)))
        #expect(pinch.info.scale > before.scale)
        #expect(pinch.isConsistent)
    }
}
