import Testing

@testable import VitrineCore

/// The frames of a rest run only the last of their steps (`ShowEngine.advanceResting`,
/// `FixedStepClock.advanceToLast`). That must change nothing: the clock ends where stepping
/// every step ends it, and the show makes the same moves at the same times, a slide due inside
/// a frame included.
@Suite struct RestingAdvanceTests {
    /// Frame times of every kind a loop gives: tiny, around a step, a quarter second, over the clamp.
    static func frames(count: Int, seed: UInt64) -> [Double] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let pick = Double(state >> 11) / Double(1 << 53)
            switch state % 4 {
            case 0: return pick * 0.002
            case 1: return 1.0 / 120.0 * (0.5 + pick)
            case 2: return 0.25
            default: return pick * 0.6
            }
        }
    }

    @Test("the last step only: the same steps taken, the same leftover, the same last time")
    func theClockEndsAlike() {
        var stepping = FixedStepClock()
        var jumping = FixedStepClock()
        for frame in Self.frames(count: 5000, seed: 7) {
            let times = stepping.advance(by: Seconds(frame))
            let last = jumping.advanceToLast(by: Seconds(frame))
            #expect(last == times.last)
            #expect(jumping.stepsTaken == stepping.stepsTaken)
            #expect(abs((jumping.accumulator - stepping.accumulator).value) < 1e-9)
        }
        #expect(stepping.stepsTaken > 1000)
    }

    /// A show of 5 s slides with 1 s fades, run by quarter-second frames for `seconds`.
    static func run(resting: Bool, seconds: Double) -> (index: Int, starts: [Double], time: Double) {
        var style = ShowStyle()
        style.interval = 5
        style.transitionDuration = 1
        var engine = ShowEngine(
            slides: (0..<4).map { Slide(path: "\($0).png") }, options: style, output: Size(width: 64, height: 36))
        let images = LoadedImages(allReady: true)
        var starts: [Double] = []
        for _ in 0..<Int(seconds / 0.25) {
            _ =
                resting
                ? engine.advanceResting(by: Seconds(0.25), images: images)
                : engine.advance(by: Seconds(0.25), images: images)
            if let start = engine.show.transition?.start.seconds, starts.last != start { starts.append(start) }
        }
        return (engine.show.index, starts, engine.renderTime.seconds)
    }

    @Test("the show moves on at the same times, a slide due inside a frame on its due time")
    func theShowMovesAlike() {
        let stepped = Self.run(resting: false, seconds: 31)
        let rested = Self.run(resting: true, seconds: 31)
        #expect(stepped.starts.count >= 5, "\(stepped.starts)")
        #expect(rested.index == stepped.index)
        #expect(abs(rested.time - stepped.time) < 1e-9)
        #expect(rested.starts == stepped.starts)
    }

    @Test("with input queued it steps every step, so the input lands at its time")
    func queuedInputSteps() {
        var engine = ShowEngine(
            slides: (0..<3).map { Slide(path: "\($0).png") }, options: ShowStyle(), output: Size(width: 64, height: 36))
        let images = LoadedImages(allReady: true)
        _ = engine.advance(by: Seconds(0.25), images: images)
        engine.enqueue(InputEvent(time: ShowTime(seconds: 0.3), kind: .key(.space)))
        _ = engine.advanceResting(by: Seconds(0.25), images: images)
        let paused = engine.show.pausedAt?.seconds
        #expect(paused.map { abs($0 - 0.3) < 1.0 / 120.0 + 1e-9 } == true, "paused at \(String(describing: paused))")
    }
}
