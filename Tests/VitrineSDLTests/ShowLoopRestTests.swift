import Foundation
import Testing
import VitrineCore
import VitrineMedia

@testable import VitrineSDL

/// The play loop at rest, on a clock that moves only as the loop asks: each frame one
/// sixtieth of a second later, each rest exactly as long as the loop rests. Wake-ups are
/// counted as passes of the loop, not as CPU time, so the counts are exact.
@Suite("Play loop: asleep at rest")
struct ShowLoopRestTests {
    /// The clock's time, shared with the test.
    final class Timeline {
        var now = 0.0
        var resting = 0.0
    }

    struct RestingClock: FrameClock {
        let timeline: Timeline
        let frame = 1.0 / 60.0
        var started = false
        var waitsForDecodes: Bool { false }

        mutating func tick() -> FrameTick {
            let elapsed = started ? frame + timeline.resting : 0
            started = true
            timeline.resting = 0
            timeline.now += elapsed
            return FrameTick(
                frameTime: Seconds(elapsed), monotonic: MonotonicInstant(seconds: timeline.now),
                wall: Date(unixSeconds: 0) + Seconds(timeline.now))
        }

        func rest(for length: Seconds, on canvas: any ShowCanvas) { timeline.resting += length.value }
    }

    static let size = Size(width: 64, height: 36)

    static func loop(_ director: ShowDirector, timeline: Timeline, hooks: PlayerHooks = PlayerHooks()) throws
        -> ShowLoop
    {
        let canvas = try OffscreenCanvas(width: Int(size.width), height: Int(size.height), composed: true)
        return ShowLoop(
            director: director, canvas: canvas, clock: RestingClock(timeline: timeline), decoder: PatternDecoder(),
            hooks: hooks)
    }

    /// The watchdog's pings as a service manager would get them: a real `WatchdogPolicy` fed by
    /// the loop's presented frames, with keep-alive frames at half its ping interval, as
    /// `vitrine` sets them up under systemd.
    final class ServiceManager {
        var policy: WatchdogPolicy
        var pings: [Double] = []
        /// Frames presented, at their monotonic times.
        var presented: [Double] = []

        init(watchdogSeconds: Double) { policy = WatchdogPolicy(watchdogSeconds: Seconds(watchdogSeconds)) }

        /// Hooks of a player whose every source rings the loop (signals, folders, remotes): no
        /// look around.
        func hooks() -> PlayerHooks {
            var hooks = PlayerHooks()
            hooks.lookAround = nil
            hooks.keepAlive = policy.pingInterval.map { $0 * 0.5 }
            hooks.framePresented = { [self] time, status, showsContent in
                presented.append(time.seconds)
                let messages = policy.framePresented(at: time, status: status, showsContent: showsContent)
                if messages.contains(.watchdog) { pings.append(time.seconds) }
            }
            hooks.frameRested = { [self] time, status in policy.frameRested(at: time, status: status).wait }
            return hooks
        }
    }

    /// A paused show with a clock overlay, paused half a second in, run until `now`.
    static func pausedShow(until now: Double, timeline: Timeline, hooks: PlayerHooks) throws -> ShowLoop {
        var style = ShowStyle()
        style.interval = 5
        var setup = DirectorSettings(show: style, waitForImages: false)
        setup.overlays.clockFormat = "%H:%M"
        let pause = InputEvent(time: ShowTime(seconds: 0.5), kind: .key(.space))
        let director = ShowDirector(
            slides: (0..<3).map { Slide(path: "slide-\($0).png") }, setup: setup, output: size, input: [pause])
        let loop = try Self.loop(director, timeline: timeline, hooks: hooks)
        Self.run(loop) {
            ShowLoopDeadlineTests.settled(loop) && loop.director.engine.show.isPaused && timeline.now > now
        }
        return loop
    }

    /// Runs the loop until `done` says so (or a step budget runs out, which fails the test).
    static func run(_ loop: ShowLoop, until done: () -> Bool) {
        var budget = 200_000
        while !done(), budget > 0 {
            _ = loop.step()
            budget -= 1
        }
        #expect(budget > 0, "the loop never got there")
    }

    @Test("a paused show with a clock overlay wakes only for its deadlines")
    func pausedShowSleeps() throws {
        var style = ShowStyle()
        style.interval = 5
        var setup = DirectorSettings(show: style, waitForImages: false)
        setup.overlays.clockFormat = "%H:%M"
        // Space pauses the show half a second in.
        let pause = InputEvent(time: ShowTime(seconds: 0.5), kind: .key(.space))
        let director = ShowDirector(
            slides: (0..<3).map { Slide(path: "slide-\($0).png") }, setup: setup, output: Self.size, input: [pause])
        let timeline = Timeline()
        let loop = try Self.loop(director, timeline: timeline)
        Self.run(loop) { loop.director.engine.show.isPaused && timeline.now > 2 }
        // The clock overlay's minute is crossed in this stretch (show time 0 is 00:00:00).
        let (start, steps, rests) = (timeline.now, loop.counts.steps, loop.counts.rests)
        Self.run(loop) { timeline.now >= start + 70 }
        let passes = loop.counts.steps - steps
        // A look around every few seconds, the minute (woken a frame early, then its frame), and
        // the stretch's two ends.
        let deadlines = Int((70 / RestSchedule.lookAround.value).rounded(.up)) + 2 + 2
        #expect(passes <= deadlines, "\(passes) passes in 70 s at rest")
        // Each rest is followed by one frame's time.
        #expect(loop.counts.rests - rests >= Int(70 / (RestSchedule.lookAround.value + 1.0 / 60.0)) - 2)
        #expect(loop.director.engine.show.index == 0)
        // The minute's change was drawn.
        #expect(loop.frames >= 2)
    }

    @Test("the transition after a long rest starts within one frame of its time")
    func transitionOnTimeAfterRest() throws {
        var style = ShowStyle()
        style.interval = 30
        style.transitionDuration = 1
        let director = ShowDirector(
            slides: (0..<3).map { Slide(path: "slide-\($0).png") },
            setup: DirectorSettings(show: style, waitForImages: false), output: Self.size)
        let timeline = Timeline()
        let loop = try Self.loop(director, timeline: timeline)
        // Show time and the clock keep the distance they had once the first photo is up.
        Self.run(loop) { loop.frames > 0 && loop.director.renderTime.seconds > 1 }
        let offset = timeline.now - loop.director.renderTime.seconds
        let (steps, rests) = (loop.counts.steps, loop.counts.rests)
        Self.run(loop) { loop.director.engine.show.transition != nil }
        let transition = try #require(loop.director.engine.show.transition)
        let late = (loop.director.renderTime - transition.start).value
        #expect(late >= 0 && late <= 1.0 / 60.0 + 1e-9, "the first frame of the transition is \(late) s in")
        #expect(abs(timeline.now - loop.director.renderTime.seconds - offset) <= 1.0 / 60.0 + 1e-9)
        #expect(abs(transition.start.seconds - 30) <= 1.0 / 60.0, "started at \(transition.start)")
        // It slept through the slide: a few long rests, not a frame each sixtieth.
        #expect(loop.counts.rests - rests >= Int(29 / (RestSchedule.lookAround.value + 1.0 / 60.0)) - 2)
        let passes = Int((29 / RestSchedule.lookAround.value).rounded(.up)) + 4
        #expect(loop.counts.steps - steps <= passes, "\(loop.counts.steps - steps) passes for 29 s")
    }
}

/// The loop at rest when everything that can change the picture rings it: it wakes for its
/// deadlines and events only, never to look around.
@Suite("Play loop: asleep until its next deadline")
struct ShowLoopDeadlineTests {
    typealias Rest = ShowLoopRestTests

    @Test("10 s of a paused show wake the loop only for the watchdog and the clock's minute")
    func pausedShowWakesOnlyForDeadlines() throws {
        let timeline = Rest.Timeline()
        let manager = Rest.ServiceManager(watchdogSeconds: 20)
        let loop = try Rest.pausedShow(until: 55, timeline: timeline, hooks: manager.hooks())
        // 10 s across the clock overlay's minute (show time 0 is 00:00:00).
        let (start, steps) = (timeline.now, loop.counts.steps)
        let frames = loop.frames
        Self.runFor(10, loop, timeline: timeline)
        let passes = loop.counts.steps - steps
        // Keep-alive frames every 5 s (half the 10 s ping interval): at most 3 in 10 s; the
        // minute. Each deadline takes at most two passes (its frame, and the pass a frame later
        // that finds nothing to draw and sleeps again; the minute is woken for a frame early
        // and drawn by the pass after), and the stretch's two ends one each. A look around
        // every half second would be 20.
        let deadlines = Int((10 / 5.0).rounded(.down)) + 1 + 1
        #expect(passes <= 2 * deadlines + 2, "\(passes) passes in 10 s at rest (\(deadlines) deadlines)")
        // It rested between them and drew what changed: the minute and the keep-alive frames.
        #expect(loop.frames - frames >= 2)
        #expect(loop.director.engine.show.isPaused)
        #expect(timeline.now - start >= 10)
    }

    @Test("while the loop sleeps, the watchdog's pings come within its interval")
    func watchdogPingsArriveWhileAsleep() throws {
        let timeline = Rest.Timeline()
        let manager = Rest.ServiceManager(watchdogSeconds: 20)
        let loop = try Rest.pausedShow(until: 5, timeline: timeline, hooks: manager.hooks())
        let (start, steps) = (timeline.now, loop.counts.steps)
        Self.runFor(120, loop, timeline: timeline)
        let pings = manager.pings.filter { $0 >= start }
        let gaps = zip([start] + pings, pings + [timeline.now]).map { $1 - $0 }
        // A ping is due every 10 s and goes out with the next presented frame, at most a
        // keep-alive interval (5 s) later: never near the 20 s the service manager waits.
        #expect(pings.count >= 8, "\(pings.count) pings in 120 s")
        #expect(gaps.allSatisfy { $0 <= 15 + 1.0 / 60.0 + 1e-9 }, "gaps between pings: \(gaps)")
        // And it slept between them: 24 keep-alive frames and two minutes, two passes each.
        #expect(loop.counts.steps - steps <= 2 * (120 / 5 + 2) + 2, "\(loop.counts.steps - steps) passes")
    }

    @Test("the transition after a rest of a whole slide starts within one frame of its time")
    func transitionOnTimeAfterALongRest() throws {
        var style = ShowStyle()
        style.interval = 150
        style.transitionDuration = 1
        let director = ShowDirector(
            slides: (0..<3).map { Slide(path: "slide-\($0).png") },
            setup: DirectorSettings(show: style, waitForImages: false), output: Rest.size)
        let timeline = Rest.Timeline()
        var hooks = PlayerHooks()
        hooks.lookAround = nil
        let loop = try Rest.loop(director, timeline: timeline, hooks: hooks)
        Rest.run(loop) { Self.settled(loop) && loop.frames > 0 && loop.director.renderTime.seconds > 1 }
        let steps = loop.counts.steps
        Rest.run(loop) { Self.settled(loop) && loop.director.engine.show.transition != nil }
        let transition = try #require(loop.director.engine.show.transition)
        // On the show's own clock: the first frame of the transition is drawn within one frame
        // of its start, and the start is the slide's end.
        let late = (loop.director.renderTime - transition.start).value
        #expect(late >= 0 && late <= 1.0 / 60.0 + 1e-9, "the first frame of the transition is \(late) s in")
        #expect(abs(transition.start.seconds - 150) <= 1.0 / 60.0, "started at \(transition.start)")
        // It slept through the slide in rests of at most a minute, not every half second.
        let passes = loop.counts.steps - steps
        #expect(passes <= Int(150 / RestSchedule.longest.value) + 1 + 4, "\(passes) passes for 149 s")
    }

    /// What the remotes send and get: commands handed to the loop a pass at a time, and the
    /// states it sends, at the clock's time.
    final class Remote {
        var queued: [[RemoteCommand]] = []
        var states: [(time: Double, state: RemoteState)] = []
        func next() -> [RemoteCommand] { queued.isEmpty ? [] : queued.removeFirst() }
    }

    @Test("a second command within a quarter second of the first reaches remotes soon, not at the next deadline")
    func aStatePutOffByThePaceIsSentSoon() throws {
        let timeline = Rest.Timeline()
        let manager = Rest.ServiceManager(watchdogSeconds: 20)
        let remote = Remote()
        var hooks = manager.hooks()
        hooks.commands = { remote.next() }
        hooks.stateChanged = { remote.states.append((timeline.now, $0)) }
        let loop = try Rest.pausedShow(until: 5, timeline: timeline, hooks: hooks)
        // Two commands on two passes in a row (each rings the loop as it comes).
        remote.queued = [[.setInterval(seconds: 45)], [.setTransition(.slide)]]
        let start = timeline.now
        Self.runFor(3, loop, timeline: timeline)
        let sent = remote.states.first { $0.state.transition == "slide" }
        // Sent once the quarter second since the state before has passed: the loop woke for it
        // (it would otherwise sleep to its keep-alive frame, 5 s away).
        let after =
            try #require(sent, "no state with the new transition in 3 s: \(remote.states.map(\.state.transition))")
            .time - start
        #expect(after <= ReportPace.stateInterval.value + 3.0 / 60.0, "sent \(after) s after the commands")
        #expect(remote.states.last?.state.interval == 45)
    }

    /// Runs `loop` until `seconds` of its clock have passed.
    static func runFor(_ seconds: Double, _ loop: ShowLoop, timeline: Rest.Timeline) {
        let end = timeline.now + seconds
        Rest.run(loop) { settled(loop) && timeline.now >= end }
    }

    /// Waits (up to 10 s) for the decodes the loop asked for before its next pass: a decode
    /// then takes none of the clock's time, so the passes counted do not depend on the
    /// machine's load.
    static func settled(_ loop: ShowLoop) -> Bool {
        #expect(loop.loader.waitUntilIdle(seconds: 10), "a decode did not finish")
        return true
    }
}

@Suite("Rest schedule")
struct RestScheduleTests {
    let schedule = RestSchedule()

    @Test func drawnOrBusyFramesDoNotRest() {
        #expect(schedule.rest(after: .init(drawn: true, busy: false, showChanges: [], keepAlive: nil)) == nil)
        #expect(schedule.rest(after: .init(drawn: false, busy: true, showChanges: [], keepAlive: nil)) == nil)
    }

    @Test func restsUntilAFrameBeforeTheShowsNextChange() throws {
        let rest = try #require(
            schedule.rest(after: .init(drawn: false, busy: false, showChanges: [0.5, 3], keepAlive: nil)))
        #expect(abs((rest - (0.5 - schedule.frame)).value) < 1e-12)
        // Too close for a rest: the frame pace goes on.
        #expect(schedule.rest(after: .init(drawn: false, busy: false, showChanges: [0.01], keepAlive: nil)) == nil)
    }

    @Test func looksAroundAndKeepsAliveOnTime() {
        #expect(
            schedule.rest(after: .init(drawn: false, busy: false, showChanges: [90], keepAlive: nil))
                == RestSchedule.lookAround)
        #expect(schedule.rest(after: .init(drawn: false, busy: false, showChanges: [], keepAlive: 0.3)) == 0.3)
        #expect(schedule.rest(after: .init(drawn: false, busy: false, showChanges: [.infinity], keepAlive: 0)) == nil)
    }

    @Test func withEverythingRingingItRestsUntilTheNextDeadline() throws {
        // Nothing due: the longest rest, not a look around.
        #expect(
            schedule.rest(after: .init(drawn: false, busy: false, showChanges: [], keepAlive: nil, lookAround: nil))
                == RestSchedule.longest)
        // When setting the wall clock rings the loop, an hour; the show's next change still comes first.
        #expect(
            schedule.rest(
                after: .init(
                    drawn: false, busy: false, showChanges: [], keepAlive: nil, lookAround: nil,
                    longest: RestSchedule.longestWhenTheClockRings)) == 3600)
        #expect(
            schedule.rest(
                after: .init(
                    drawn: false, busy: false, showChanges: [86_400], keepAlive: nil, lookAround: nil,
                    longest: RestSchedule.longestWhenTheClockRings)) == 3600)
        #expect(
            schedule.rest(
                after: .init(
                    drawn: false, busy: false, showChanges: [], keepAlive: 5, lookAround: nil,
                    longest: RestSchedule.longestWhenTheClockRings)) == 5)
        // The watchdog's keep-alive frame, when it falls.
        #expect(
            schedule.rest(after: .init(drawn: false, busy: false, showChanges: [90], keepAlive: 5, lookAround: nil))
                == 5)
        // The show's next change, a frame early.
        let rest = try #require(
            schedule.rest(after: .init(drawn: false, busy: false, showChanges: [30], keepAlive: 40, lookAround: nil)))
        #expect(abs((rest - (30 - schedule.frame)).value) < 1e-12)
        // Something that cannot ring the loop brings the look around back.
        #expect(
            schedule.rest(after: .init(drawn: false, busy: false, showChanges: [30], keepAlive: nil, lookAround: 2))
                == 2)
    }

    @Test func aRestIsFedToTheClockInPiecesItTakesWhole() {
        #expect(RestSchedule.catchUp(0.1, maxFrame: 0.25) == (0, 0.1))
        let (pieces, last) = RestSchedule.catchUp(0.6, maxFrame: 0.25)
        #expect(pieces == 2)
        #expect(abs((last - 0.1).value) < 1e-12)
        #expect(RestSchedule.catchUp(1, maxFrame: 0.25) == (3, 0.25))
    }
}

@Suite("Play loop state")
struct LoopStateTests {
    @Test func statesGoToRemotesAFewTimesASecondAndLinesOnlyWhenChanged() {
        var pace = ReportPace()
        var due: [Bool] = []
        for time in [10, 10.1, 10.25, 3] { due.append(pace.stateDue(at: MonotonicInstant(seconds: time))) }
        // The last: a clock that went back.
        #expect(due == [true, false, true, true])
        var printed: [Bool] = []
        for key in ["0 3 true", "0 3 true", "1 3 true"] { printed.append(pace.printDue(key)) }
        #expect(printed == [true, false, true])
    }

    @Test func filePagesGoBackAtTheFirstRestAfterAPhotoThenAtMostOnceAnHour() {
        var pace = FilePagesPace()
        var due: [Bool] = []
        // Nothing drawn, then drawn but nothing decoded: the start is not over.
        due.append(pace.due(at: MonotonicInstant(seconds: 1), frames: 0, decodes: 0))
        due.append(pace.due(at: MonotonicInstant(seconds: 2), frames: 3, decodes: 0))
        for time in [3, 4, 3602.9, 3603, 3604, 10] {
            due.append(pace.due(at: MonotonicInstant(seconds: time), frames: 9, decodes: 1))
        }
        // The last: a clock that went back.
        #expect(due == [false, false, true, false, false, true, false, true])
    }

    @Test func aNewPanelSizeOrALitPanelIsDrawnAgain() {
        var screen = ScreenState(keepAlive: nil)
        let scene = Scene(size: Size(width: 4, height: 4), background: .black)
        let first = screen.panelChanged(to: Size(width: 4, height: 4))
        screen.redraw.presented(scene, keys: [], at: MonotonicInstant(seconds: 0))
        #expect(first)
        #expect(!screen.redraw.needsDrawing(scene, keys: [], at: MonotonicInstant(seconds: 100)))
        let same = screen.panelChanged(to: Size(width: 4, height: 4))
        let other = screen.panelChanged(to: Size(width: 8, height: 4))
        #expect(!same && other)
        #expect(screen.redraw.needsDrawing(scene, keys: [], at: MonotonicInstant(seconds: 1)))
        screen.redraw.presented(scene, keys: [], at: MonotonicInstant(seconds: 1))
        screen.panel(dark: true)
        #expect(!screen.redraw.needsDrawing(scene, keys: [], at: MonotonicInstant(seconds: 2)))
        screen.panel(dark: false)
        #expect(screen.redraw.needsDrawing(scene, keys: [], at: MonotonicInstant(seconds: 2)))
    }

    @Test func aKeepAliveIsDueItsIntervalAfterTheLastFrame() {
        var screen = ScreenState(keepAlive: 5)
        let scene = Scene(size: Size(width: 4, height: 4), background: .black)
        #expect(screen.redraw.keepAliveDue(at: MonotonicInstant(seconds: 0)) == nil)
        screen.redraw.presented(scene, keys: [], at: MonotonicInstant(seconds: 10))
        #expect(screen.redraw.keepAliveDue(at: MonotonicInstant(seconds: 12)) == 3)
        #expect(ScreenState(keepAlive: nil).redraw.keepAliveDue(at: MonotonicInstant(seconds: 0)) == nil)
    }
}

@Suite("OpenGL driver probe")
struct GLProbeTests {
    @Test func itsLineIsReadBack() {
        let found = GLProbe.Found(renderer: "opengl", driver: "llvmpipe (LLVM 15.0.6, 256 bits)")
        #expect(GLProbe.parse(GLProbe.line(found) + "\n") == found)
        #expect(GLProbe.parse("software\t\n") == GLProbe.Found(renderer: "software", driver: ""))
        #expect(GLProbe.parse("") == nil)
        #expect(GLProbe.parse("Xlib: extension missing\n") == nil)
    }

    @Test func aSoftwareRasteriserFoundByTheProbeMeansTheSoftwareRenderer() {
        #expect(Display.photoRenderer(asked: .auto, made: "opengl", glRenderer: "llvmpipe (LLVM 15)") == .software)
        #expect(Display.photoRenderer(asked: .auto, made: "opengl", glRenderer: "Mesa Intel(R) UHD 620") == nil)
        #expect(Display.photoRenderer(asked: .opengl, made: "opengl", glRenderer: "llvmpipe") == nil)
    }
}
