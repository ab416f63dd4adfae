import Foundation
import Testing

@testable import VitrineCore

/// Screens in step: a synced director's slide is a function of the wall clock alone, whatever its
/// start time, frame rate, decode speed, clock jumps or a remote's moves.
@Suite struct SyncedShowTests {
    /// A screen as a frame loop drives it: its own frame rate and phase, its wall clock.
    struct Screen {
        var director: ShowDirector
        var monotonic = 0.0
        var wall: Double
        let frame: Double
        var images: LoadedImages

        init(slides: Int, startingAt wall: Double, fps: Double, ready: Bool = true, setup: DirectorSettings? = nil) {
            var given = setup ?? SyncedShowTests.setup()
            given.sync = true
            let feed = FakeFeed((0..<slides).map { "/p/\($0).jpg" })
            director = ShowDirector(
                setup: given, environment: ShowEnvironment(feed: feed), output: Size(width: 100, height: 100),
                wallOrigin: Date(unixSeconds: wall))
            self.wall = wall
            frame = 1 / fps
            images = LoadedImages(allReady: ready)
        }

        /// One frame, `dt` seconds after the last (the wall moving by `wallStep`, normally the same).
        mutating func step(_ dt: Double? = nil, wallStep: Double? = nil, commands: [RemoteCommand] = []) {
            let dt = dt ?? frame
            monotonic += dt
            wall += wallStep ?? dt
            _ = director.frame(
                FrameInput(
                    frameTime: Seconds(dt), monotonic: MonotonicInstant(seconds: monotonic),
                    wall: Date(unixSeconds: wall),
                    output: Size(width: 100, height: 100),
                    images: images, commands: commands))
        }

        mutating func run(until end: Double) {
            while wall < end { step() }
        }

        var index: Int { director.engine.show.index }
    }

    static func setup() -> DirectorSettings {
        var show = ShowStyle()
        show.interval = 2
        show.transitionDuration = 0.5
        return DirectorSettings(show: show)
    }

    private func makeTimeline(_ slides: Int) -> SyncTimeline? {
        SyncTimeline(epoch: ShowDirector.syncEpoch, interval: 2, count: slides, transitionDuration: 0.5)
    }

    /// Three screens started at different moments, at 60, 50 and 30 frames a second, one of
    /// them with images that are never ready: at every frame each shows the timeline's slide,
    /// except just after a change, and each shows a change within one logic step (1/120 s)
    /// plus its own frame.
    @Test func screensStartedApartShowTheTimelinesSlide() throws {
        let start = 1_780_000_000.3
        let timeline = try #require(makeTimeline(5))
        var screens = [
            Screen(slides: 5, startingAt: start, fps: 60),
            Screen(slides: 5, startingAt: start + 3.71, fps: 50),
            Screen(slides: 5, startingAt: start + 7.09, fps: 30, ready: false),
        ]
        var worstLag = 0.0
        for s in screens.indices {
            var screen = screens[s]
            screen.step()
            #expect(screen.index == timeline.position(at: screen.wall).index, "joins at the timeline's slide")
            var shown = screen.index
            while screen.wall < start + 40 {
                screen.step()
                let expected = timeline.position(at: screen.wall)
                if screen.index != shown {
                    // A change: how long after the timeline's change this frame is.
                    #expect(screen.index == expected.index)
                    worstLag = max(worstLag, screen.wall - expected.slideStart)
                    shown = screen.index
                } else if screen.index != expected.index {
                    // Not changed yet: only within one logic step of the change.
                    #expect(screen.wall - expected.slideStart < 1.0 / 120 + 1e-6)
                }
            }
            screens[s] = screen
        }
        // The frame that shows a change is at most one frame (33 ms at 30 fps) after it.
        #expect(worstLag <= 1.0 / 30 + 1.0 / 120 + 1e-6)
        #expect(worstLag > 0, "the measure saw changes")
    }

    /// The offset the state reports: the slide on screen started where the timeline puts it.
    @Test func theStateReportsTheEpochAndAnOffsetNearZero() throws {
        var screen = Screen(slides: 4, startingAt: 1_780_000_123.45, fps: 60)
        screen.run(until: screen.wall + 9)
        let state = screen.director.remoteState(version: "test")
        #expect(state.syncEpoch == Date(unixSeconds: 0))
        let offset = try #require(state.syncOffset)
        #expect(abs(offset.value) < 1e-6)
    }

    /// The wall clock set forward by NTP: the show jumps to the slide of the new time.
    @Test func aClockJumpReanchors() throws {
        let timeline = try #require(makeTimeline(7))
        var screen = Screen(slides: 7, startingAt: 1_780_000_000, fps: 60)
        screen.run(until: screen.wall + 3)
        screen.step(wallStep: 5.3)
        screen.step()
        #expect(screen.index == timeline.position(at: screen.wall).index)
        screen.step(wallStep: -9.1)
        screen.step()
        #expect(screen.index == timeline.position(at: screen.wall).index)
    }

    /// A remote's `next` holds until the timeline's next change, then the show is back on it;
    /// a pause leaves it, and a resume brings it back.
    @Test func aRemoteMoveHoldsUntilTheNextChange() throws {
        let timeline = try #require(makeTimeline(6))
        var screen = Screen(slides: 6, startingAt: 1_780_000_000.5, fps: 60)
        screen.run(until: timeline.position(at: screen.wall).nextChange + 0.3)
        let before = screen.index
        screen.step(commands: [.next])
        #expect(screen.index == (before + 1) % 6)
        #expect(screen.director.remoteState(version: "").syncOffset == nil, "off the timeline")
        screen.run(until: timeline.position(at: screen.wall).nextChange + 0.2)
        #expect(screen.index == timeline.position(at: screen.wall).index)

        screen.step(commands: [.pause])
        screen.run(until: screen.wall + 7)
        #expect(screen.director.engine.show.isPaused)
        screen.step(commands: [.resume])
        screen.step()
        #expect(screen.index == timeline.position(at: screen.wall).index)
        #expect(abs(screen.director.remoteState(version: "").syncOffset?.value ?? 1) < 1e-6)
    }

    /// A playlist's `"sync": true` turns it on without `--sync`; without either the show runs on frame time.
    @Test func thePlaylistCanAskForSync() throws {
        let feed = FakeFeed(["/a.jpg", "/b.jpg"])
        #expect(
            !ShowDirector(
                setup: DirectorSettings(), environment: ShowEnvironment(feed: feed),
                output: Size(width: 10, height: 10),
                wallOrigin: Date(unixSeconds: 0)
            ).isSynced)
        feed.document.sync = true
        #expect(
            ShowDirector(
                setup: DirectorSettings(), environment: ShowEnvironment(feed: feed),
                output: Size(width: 10, height: 10),
                wallOrigin: Date(unixSeconds: 0)
            ).isSynced)
        let text = #"{"version": 1, "sync": true, "items": [{"image": "a.jpg"}]}"#
        let good = PlaylistDecoder.decode(text, file: "/p/show.json") { _ in .file }
        #expect(good.document?.sync == true)
        let bad = PlaylistDecoder.decode(
            #"{"version": 1,"# + "\n" + #" "sync": "yes", "items": []}"#, file: "/p/x.json"
        ) { _ in .file }
        let problem = try #require(bad.diagnostics.first { $0.path == "sync" })
        #expect(problem.position?.line == 2)
        #expect(problem.position?.column == 10)
    }
}
