import Testing

@testable import VitrineCore

/// The show's timeline: which slide and which transition at which time.
@Suite struct TimelineTests {
    func options(_ change: (inout ShowStyle) -> Void = { _ in }) -> ShowStyle {
        var o = ShowStyle()
        o.interval = 8
        o.transitionDuration = 0.8
        change(&o)
        return o
    }

    func slides(_ n: Int) -> [Slide] { (0..<n).map { Slide(path: "\($0).jpg") } }

    func state(_ show: Show, at time: Double) -> (index: Int, from: Int?, progress: Double?) {
        var s = show
        s.update(to: ShowTime(seconds: time)) { _ in true }
        let t = s.transition.flatMap { $0.isFinished(at: ShowTime(seconds: time)) ? nil : $0 }
        // Rounded to 1e-9 so 8.4 − 8 = 0.4000000000000004 compares as 0.4.
        return (s.index, t?.from, t.map { ($0.progress(at: ShowTime(seconds: time)) * 1e9).rounded() / 1e9 })
    }

    @Test func keyTimes() {
        let show = Show(slides: slides(3), options: options())
        #expect(state(show, at: 0) == (0, nil, nil))
        #expect(state(show, at: 7.99) == (0, nil, nil))
        #expect(state(show, at: 8) == (1, 0, 0))
        #expect(state(show, at: 8.4) == (1, 0, 0.5))
        #expect(state(show, at: 8.8) == (1, nil, nil))
        #expect(state(show, at: 16.2).index == 2)
        #expect(state(show, at: 16.2).progress.map { abs($0 - 0.25) < 1e-9 } == true)
        // Wraps: the transition to slide 3 ≡ slide 0 starts at 24.
        #expect(state(show, at: 24.4) == (0, 2, 0.5))
        #expect(state(show, at: 8 * 301 + 1).index == 301 % 3)
    }

    @Test func noLoopStopsAtTheEnd() {
        let show = Show(slides: slides(3), options: options { $0.loop = false })
        #expect(state(show, at: 16.4).index == 2)
        #expect(state(show, at: 24.4) == (2, nil, nil))
        #expect(state(show, at: 1000) == (2, nil, nil))
        #expect(show.index(after: 2) == nil)
        #expect(show.index(before: 0) == nil)
    }

    @Test func loopingWrapsBothWays() {
        var show = Show(slides: slides(4), options: options())
        show.previous(at: ShowTime(seconds: 1)) { _ in true }
        #expect(show.index == 3)
        #expect(show.transition?.direction == -1)
        show.next(at: ShowTime(seconds: 2)) { _ in true }
        #expect(show.index == 0)
        #expect(show.transition?.from == 3)
        #expect(show.transition?.direction == 1)
    }

    @Test func perSlideDurations() {
        var list = slides(3)
        list[0].duration = 3
        list[1].duration = 5
        list[1].transition = TransitionKind.none
        let show = Show(slides: list, options: options())
        #expect(state(show, at: 2.9).index == 0)
        #expect(state(show, at: 3.4) == (1, nil, nil), "a cut has no transition")
        #expect(state(show, at: 7.9).index == 1)
        #expect(state(show, at: 8.4) == (2, 1, 0.5), "slide 1 lasts 5 s from t = 3")
        #expect(state(show, at: 16.4) == (0, 2, 0.5), "slide 2 takes the show's interval")
    }

    @Test func singleSlideNeverTransitions() {
        let show = Show(slides: slides(1), options: options())
        #expect(state(show, at: 100) == (0, nil, nil))
        #expect(show.nextAdvanceTime == nil)
    }

    @Test func aLateImageHoldsTheCurrentSlide() {
        var show = Show(slides: slides(3), options: options())
        show.update(to: ShowTime(seconds: 8.5)) { $0 != 1 }
        #expect(show.index == 0, "slide 1 is not decoded yet, slide 0 stays")
        #expect(show.transition == nil)
        show.update(to: ShowTime(seconds: 9.0)) { _ in true }
        #expect(show.index == 1)
        #expect(show.transition?.start == ShowTime(seconds: 9.0), "the transition starts when the image is ready")
        show.update(to: ShowTime(seconds: 16.9)) { _ in true }
        #expect(show.index == 1, "slide 1 keeps its full interval from when it came in")
        show.update(to: ShowTime(seconds: 17.0)) { _ in true }
        #expect(show.index == 2)
    }

    @Test func pauseKeepsTheRestOfTheDwell() {
        var show = Show(slides: slides(3), options: options())
        show.pause(at: ShowTime(seconds: 2))
        show.update(to: ShowTime(seconds: 50)) { _ in true }
        #expect(show.index == 0)
        #expect(show.isPaused)
        show.resume(at: ShowTime(seconds: 50))
        show.update(to: ShowTime(seconds: 55.9)) { _ in true }
        #expect(show.index == 0, "6 s were left when paused at 2")
        show.update(to: ShowTime(seconds: 56.1)) { _ in true }
        #expect(show.index == 1)
    }

    @Test func manualMovesAndPendingTargets() {
        var show = Show(slides: slides(5), options: options())
        show.move(to: 4, at: ShowTime(seconds: 1)) { _ in false }
        #expect(show.index == 0)
        #expect(show.pending?.target == 4)
        show.update(to: ShowTime(seconds: 1.5)) { _ in true }
        #expect(show.index == 4)
        #expect(show.transition?.start == ShowTime(seconds: 1.5))
        #expect(show.nextAdvanceTime == ShowTime(seconds: 9.5), "the dwell restarts with a manual move")
    }

    @Test func removingSlidesKeepsTheShowConsistent() {
        var show = Show(slides: slides(4), options: options())
        show.update(to: ShowTime(seconds: 8.2)) { _ in true }
        #expect(show.index == 1)
        show.removeSlide(at: 0)
        #expect(show.count == 3)
        #expect(show.index == 0)
        #expect(show.slides[show.index].path == "1.jpg", "the same image keeps showing")
        #expect(show.transition == nil, "the outgoing slide is gone, so is its transition")
        show.removeSlide(at: 2)
        show.removeSlide(at: 1)
        #expect(show.slides.map(\.path) == ["1.jpg"])
        show.removeSlide(at: 0)
        #expect(show.count == 0)
        #expect(show.index == 0)
    }
}
