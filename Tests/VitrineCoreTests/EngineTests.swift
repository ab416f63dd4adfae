import Testing

@testable import VitrineCore

/// The fixed-step engine: the same state at the same time whatever the frame rate.
@Suite struct EngineTests {
    func engine(slides: Int = 4) -> ShowEngine {
        var options = ShowStyle()
        options.interval = 2
        options.transitionDuration = 0.8
        return ShowEngine(
            slides: (0..<slides).map { Slide(path: "\($0)") }, options: options,
            output: Size(width: 1280, height: 720))
    }

    /// Runs at `fps` with events, recording the report at each of `times`.
    func run(fps: Double, times: [Double], events: [InputEvent]) -> [String] {
        var e = engine()
        for event in events { e.enqueue(event) }
        var reports: [String] = []
        var now = 0.0
        for target in times {
            while now + 1 / fps <= target + 1e-12 {
                _ = e.advance(by: Seconds(1 / fps)) { _ in true }
                now += 1 / fps
            }
            _ = e.advance(by: Seconds(target - now)) { _ in true }
            now = target
            reports.append(e.report(at: e.time).json)
        }
        return reports
    }

    @Test func sameStateAt20And144fps() {
        let events = [
            InputEvent(time: ShowTime(seconds: 0.5), kind: .key(.right)),
            InputEvent(time: ShowTime(seconds: 1.0), kind: .key(.space)),
            InputEvent(time: ShowTime(seconds: 3.0), kind: .key(.space)),
            InputEvent(time: ShowTime(seconds: 3.1), kind: .key(.left)),
        ]
        let times = [0.25, 0.9, 1.2, 2.5, 3.05, 3.5, 4.0, 6.5, 9.0]
        let slow = run(fps: 20, times: times, events: events)
        let fast = run(fps: 144, times: times, events: events)
        #expect(slow == fast)
        #expect(slow.count == times.count)
        #expect(slow[1].contains("\"index\":1"), "the key at 0.5 s moved to slide 1: \(slow[1])")
    }

    @Test func aFadeTakesItsDurationAtAnyFrameRate() {
        for fps in [20.0, 60.0, 144.0] {
            var e = engine()
            var frames = 0
            var seen = false
            while e.time.seconds < 3.5 {
                _ = e.advance(by: Seconds(1 / fps)) { _ in true }
                if let t = e.show.transition, !t.isFinished(at: e.renderTime) {
                    seen = true
                    frames += 1
                }
            }
            #expect(seen)
            let measured = Double(frames) / fps
            #expect(abs(measured - 0.8) <= 1.5 / fps, "at \(fps) fps the fade lasted \(measured) s")
        }
    }

    @Test func longFramesAreClamped() {
        var clock = FixedStepClock(step: Seconds(0.01), maxFrame: Seconds(0.1))
        let steps = clock.advance(by: Seconds(5))
        #expect(steps.count == 10, "a 5 s stall advances logic by the clamp only")
        #expect(abs(clock.time.seconds - 0.1) < 1e-9)
        #expect(clock.advance(by: Seconds(.nan)).isEmpty)
        #expect(clock.advance(by: Seconds(-1)).isEmpty)
        _ = clock.advance(by: Seconds(0.005))
        #expect(abs(clock.alpha - 0.5) < 1e-6)
        #expect(abs(clock.renderTime.seconds - 0.105) < 1e-9)
    }

    @Test func keysRequestQuitAndFullscreen() {
        var e = engine()
        e.enqueue(InputEvent(time: ShowTime(seconds: 0.1), kind: .key(.f)))
        e.enqueue(InputEvent(time: ShowTime(seconds: 0.2), kind: .key(.q)))
        let requests = e.run(to: ShowTime(seconds: 0.3)) { _ in true }
        #expect(requests == [.toggleFullscreen, .quit])
    }

    @Test func homeAndEnd() {
        var e = engine(slides: 5)
        e.enqueue(InputEvent(time: ShowTime(seconds: 0.1), kind: .key(.end)))
        _ = e.run(to: ShowTime(seconds: 0.2)) { _ in true }
        #expect(e.show.index == 4)
        e.enqueue(InputEvent(time: ShowTime(seconds: 1.5), kind: .key(.home)))
        _ = e.run(to: ShowTime(seconds: 1.6)) { _ in true }
        #expect(e.show.index == 0)
        #expect(e.show.transition?.direction == -1)
    }

    @Test func wantedSlidesPrefetchAhead() {
        let e = engine(slides: 5)
        // The next one, not the previous: a show moving on by itself does not draw it again.
        #expect(e.wantedSlides == [0, 1])
    }

    @Test func theNextDecodeWaitsForTheTransitionWhenTheSlideStaysLongAfterIt() {
        var options = ShowStyle()
        options.interval = 5
        options.transitionDuration = 1
        var e = ShowEngine(
            slides: (0..<5).map { Slide(path: "\($0)") }, options: options, output: Size(width: 1280, height: 720))
        _ = e.run(to: ShowTime(seconds: 5.5)) { _ in true }
        #expect(e.show.transition != nil)
        // Fading from 0 to 1: only the two drawn; 2 once the fade is over, four seconds before it shows.
        #expect(e.wantedSlides == [1, 0])
        _ = e.run(to: ShowTime(seconds: 6.5)) { _ in true }
        #expect(e.show.transition == nil)
        #expect(e.wantedSlides == [1, 2])
    }

    @Test func theNextDecodeStartsWithTheTransitionWhenTheSlideStaysShortAfterIt() {
        var e = engine(slides: 5)
        // 2 s a slide, 0.8 s of it fading: the next is wanted at once.
        _ = e.run(to: ShowTime(seconds: 2.4)) { _ in true }
        #expect(e.show.transition != nil)
        #expect(e.wantedSlides == [1, 0, 2])
    }
}
