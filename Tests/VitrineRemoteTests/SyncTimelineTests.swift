import Testing
import VitrineCore

@Suite struct SyncTimelineTests {
    let epoch = 1_767_225_600.0  // 2026-01-01 00:00 UTC

    /// The slide at `wall` found the slow way: walking slide by slide from the epoch.
    private func walked(_ durations: [Seconds], at wall: Double) -> Int {
        var t = epoch
        var index = 0
        while t + durations[index].value <= wall {
            t += durations[index].value
            index = (index + 1) % durations.count
        }
        return index
    }

    @Test func threeScreensStartedAtDifferentMomentsAgree() throws {
        // Each screen starts at its own moment and renders at 60 Hz with its own frame phase;
        // it shares only the epoch and the playlist with the others.
        let durations: [Seconds] = [8.0, 8, 12, 5, 8]
        let starts = [epoch + 3.0, epoch + 37.3, epoch + 4000.9]
        let frame = 1.0 / 60
        var changeFrames: [[Double]] = []
        for start in starts {
            let timeline = try #require(SyncTimeline(epoch: epoch, durations: durations, transitionDuration: 0.8))
            var shown = timeline.position(at: start).index
            var changes: [Double] = []
            var t = start
            while t < epoch + 4200 {
                let index = timeline.position(at: t).index
                if index != shown {
                    // A change shows at the first frame at or after its instant, never later.
                    let instant = timeline.position(at: t).slideStart
                    #expect(t >= instant && t - instant < frame)
                    if t > epoch + 4010 { changes.append(instant) }
                    shown = index
                }
                t += frame
            }
            changeFrames.append(changes)
        }
        // All three saw the same changes at the same instants once all were running.
        #expect(!changeFrames[0].isEmpty)
        #expect(changeFrames[0] == changeFrames[1] && changeFrames[1] == changeFrames[2])
        let timeline = try #require(SyncTimeline(epoch: epoch, durations: durations, transitionDuration: 0.8))
        for wall in [epoch + 1, epoch + 40.999, epoch + 41.0, epoch + 3_600.25, epoch + 4_123.4] {
            #expect(timeline.position(at: wall).index == walked(durations, at: wall))
        }
        // 41 s is one cycle: the first slide again, in the second cycle.
        let p = timeline.position(at: epoch + 41)
        #expect(p.index == 0 && p.cycle == 1 && p.timeInto == 0 && p.transitionProgress == 0)
    }

    @Test func positionFollowsTheDurations() throws {
        let timeline = try #require(SyncTimeline(epoch: epoch, durations: [8, 8, 12], transitionDuration: 1))
        let a = timeline.position(at: epoch + 16.5)
        #expect(a.index == 2)
        #expect(abs(a.timeInto.value - 0.5) < 1e-6)
        #expect(abs((a.transitionProgress ?? -1) - 0.5) < 1e-6)
        #expect(a.slideStart == epoch + 16 && a.nextChange == epoch + 28)
        let b = timeline.position(at: epoch + 15.99)
        #expect(b.index == 1 && b.transitionProgress == nil)
        // Before the epoch the loop runs backwards, so every screen still agrees.
        let before = timeline.position(at: epoch - 1)
        #expect(before.index == 2 && before.cycle == -1 && abs(before.timeInto.value - 11) < 1e-6)
    }

    @Test func aTimelineThatDoesNotLoopStopsOnTheLastSlide() throws {
        let timeline = try #require(
            SyncTimeline(epoch: epoch, interval: 10, count: 3, transitionDuration: 0, loops: false))
        let end = timeline.position(at: epoch + 1_000)
        #expect(end.index == 2 && end.nextChange == .infinity)
        #expect(timeline.position(at: epoch - 5).index == 0)
    }

    @Test func framesStraddlingAChangeShowTheNewSlideOnBothScreens() throws {
        let timeline = try #require(SyncTimeline(epoch: epoch, interval: 8, count: 10, transitionDuration: 0.5))
        // A change at epoch + 8000 (cycle 100): the first frame at or after it shows the new slide.
        let change = epoch + 8_000
        #expect(timeline.position(at: change - 0.000_01).index == 9)
        #expect(timeline.position(at: change).index == 0)
        #expect(timeline.position(at: change + 1.0 / 60).index == 0)
    }

    @Test func invalidTimelinesAreRefused() {
        #expect(SyncTimeline(epoch: epoch, durations: [], transitionDuration: 0) == nil)
        #expect(SyncTimeline(epoch: epoch, durations: [8, 0], transitionDuration: 0) == nil)
        #expect(SyncTimeline(epoch: .nan, interval: 8, count: 2, transitionDuration: 0) == nil)
    }
}
