import Foundation
import Testing
import VitrineSystem
import VitrineTestSupport

@testable import VitrineCore

@Suite struct DisplayPowerTests {
    @Test func hookCommandsReportHowTheyEnded() {
        #expect(PowerHooks.run(.shell("exit 0"), timeout: 5) == .succeeded)
        #expect(PowerHooks.run(.shell("exit 3"), timeout: 5) == .failed(status: 3))
        #expect(PowerHooks.run(.arguments(["true"]), timeout: 5) == .succeeded)
        #expect(PowerHooks.run(.arguments(["/nonexistent/tool"]), timeout: 5).isSuccess == false)
        #expect(PowerHooks.run(.arguments(["no-such-program-vitrine"]), timeout: 5) == .failed(status: 127))
    }

    @Test func aHookThatHangsIsKilledAtItsTimeLimit() {
        // `exec` so that the shell itself is the sleeping process that gets the signal.
        #expect(PowerHooks.run(.shell("exec sleep 30"), timeout: 0.2) == .timedOut)
        // One that ignores the polite signal is killed.
        #expect(PowerHooks.run(.shell("trap '' TERM; while :; do :; done"), timeout: 0.2) == .timedOut)
    }

    @Test func theDisplayGoesOffAndATouchWakesItWithItsHooks() throws {
        let tree = try TemporaryFolder()
        try tree.write("photos/a.jpg")
        try tree.write("photos/b.jpg")
        let log = tree.at("hooks.log")
        try tree.write(
            "frame.json",
            """
            { "version": 1, "timeZone": "UTC", "defaults": { "interval": 10, "transitionDuration": 1 },
              "items": [ { "folder": "photos" } ],
              "display": { "off": [ { "from": "23:00", "to": "07:00" } ],
                           "onCommand": "echo on >> '\(log)'", "offCommand": ["sh", "-c", "echo off >> '\(log)'"] } }
            """)
        let document = try #require(PlaylistDecoder.load(tree.at("frame.json")).document)
        let session = PlaylistSession(document: document, background: false) { PlaylistContent(document: $0) }
        let origin = try #require(WallClockText.parse("2026-06-01T22:59:55Z", defaultZone: .gmt))
        var options = ShowStyle()
        options.interval = 10
        options.transitionDuration = 1
        var run = DirectorDriver(
            ShowDirector(
                setup: DirectorSettings(show: options, wakeDuration: 60),
                environment: ShowEnvironment(feed: session, powerHooks: { PowerHooks.make($0) }),
                output: Size(width: 10, height: 10), wallOrigin: origin),
            origin: origin.timeIntervalSince1970)
        run.step(to: 4)
        #expect(run.director.displayOn && !run.engine.show.isPaused)
        #expect(run.engine.notice?.text.hasPrefix("Display switching off") == true, "a notice the minute before")
        #expect(
            run.engine.scene(at: ShowTime(seconds: 4)) { _ in nil }.ops.contains {
                if case .text = $0 { true } else { false }
            })
        run.step(to: 6)
        #expect(!run.director.displayOn && run.engine.show.isPaused)
        // Nothing moves while off.
        run.step(to: 30)
        #expect(run.current == "a.jpg")
        // A touch wakes it (and does nothing else); the show goes on from where it was.
        let touch = InputEvent(time: ShowTime(seconds: 30), kind: .down(id: 1, x: 0.5, y: 0.5))
        run.step(to: 30.1, events: [touch])
        #expect(run.director.displayOn && !run.engine.show.isPaused)
        #expect(run.engine.mode == .attract, "the waking touch did not browse")
        run.step(to: 41)
        #expect(run.current == "b.jpg")
        run.step(to: 95, control: .stop)
        #expect(!run.director.displayOn && run.engine.show.isPaused)
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines == ["on", "off", "on", "off"])
    }

    @Test func aUserPauseIsNotUndoneWhenTheDisplayComesBack() throws {
        let tree = try TemporaryFolder()
        try tree.write("a.jpg")
        try tree.write(
            "frame.json",
            "{ \"version\": 1, \"timeZone\": \"UTC\", \"items\": [ { \"image\": \"a.jpg\" } ], \"display\": { \"off\": [ { \"from\": \"23:00\", \"to\": \"23:01\" } ] } }"
        )
        let document = try #require(PlaylistDecoder.load(tree.at("frame.json")).document)
        let session = PlaylistSession(document: document, background: false) { PlaylistContent(document: $0) }
        let origin = try #require(WallClockText.parse("2026-06-01T22:59:50Z", defaultZone: .gmt))
        var run = DirectorDriver(
            ShowDirector(
                setup: DirectorSettings(), environment: ShowEnvironment(feed: session),
                output: Size(width: 10, height: 10),
                wallOrigin: origin),
            origin: origin.timeIntervalSince1970)
        run.step(to: 2, events: [InputEvent(time: ShowTime(seconds: 1), kind: .key(.space))])
        #expect(run.engine.show.isPaused)
        run.step(to: 20)
        #expect(!run.director.displayOn)
        run.step(to: 80)
        #expect(run.director.displayOn)
        #expect(run.engine.show.isPaused)
    }
}
