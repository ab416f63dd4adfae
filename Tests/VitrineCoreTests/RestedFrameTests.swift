import Foundation
import Testing
import VitrineTestSupport

@testable import VitrineCore

/// The frames of a rest (`ShowDirector.restedFrame`): after a long sleep the loop hands the time
/// slept to the show's clock in frames of at most a quarter second. They run the clock on and
/// nothing else: a minute asleep must not cost 240 looks at the feed and 240 scenes made.
@Suite("Director: the frames of a rest")
struct RestedFrameTests {
    /// A show of three 90 s slides, first photo up, 2 s in.
    static func started(_ feed: FakeFeed, quitAfter: Double? = nil) -> DirectorDriver {
        var setup = DirectorSettings(
            show: {
                var s = ShowStyle(); s.interval = 90; return s
            }())
        setup.quitAfter = quitAfter.map { Seconds($0) }
        var driver = director(feed, setup: setup)
        driver.step(to: 2)
        return driver
    }

    /// The rest's frames, as `FrameTiming` cuts them: `count` frames of `length` seconds from `start`.
    static func rest(_ driver: inout DirectorDriver, from start: Double, count: Int, length: Double = 0.25) -> Bool {
        for piece in 1...count {
            let t = start + Double(piece) * length
            let input = FrameInput(
                frameTime: Seconds(length), monotonic: MonotonicInstant(seconds: t),
                wall: Date(unixSeconds: driver.origin + t), output: driver.output, events: [],
                images: driver.images, failed: [], control: .keepGoing, commands: [], onboarding: nil)
            if !driver.director.restedFrame(input) { return false }
        }
        return true
    }

    @Test("a minute of rest runs the show's clock on by a minute without looking at the feed")
    func aRestRunsTheClockOnly() {
        let feed = FakeFeed(["/a.jpg", "/b.jpg", "/c.jpg"])
        var driver = Self.started(feed)
        let (before, polls) = (driver.director.renderTime, feed.polls)
        #expect(driver.current == "a.jpg")
        #expect(Self.rest(&driver, from: 2, count: 240))
        #expect(abs((driver.director.renderTime - before).value - 60) < 1e-6, "\(driver.director.renderTime)")
        #expect(feed.polls == polls, "\(feed.polls - polls) polls in a rest")
        // The show moves on by the time rested alone: the first slide's 90 s run out.
        #expect(driver.current == "a.jpg")
        #expect(Self.rest(&driver, from: 62, count: 120))
        #expect(driver.current == "b.jpg", "the slide's 90 s ran out in the rest")
    }

    @Test("a show that runs out of time in a rest ends in it (--quit-after)")
    func quitAfterEndsInARest() {
        let feed = FakeFeed(["/a.jpg", "/b.jpg"])
        var driver = Self.started(feed, quitAfter: 30)
        #expect(!Self.rest(&driver, from: 2, count: 240))
        #expect(driver.director.renderTime.seconds < 31, "ended at \(driver.director.renderTime)")
    }
}
