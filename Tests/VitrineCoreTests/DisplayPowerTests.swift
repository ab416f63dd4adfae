import Foundation
import Testing

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
        let programme = Programme(schedule: document.schedule(), wallOrigin: origin, wakeDuration: 60)
        let live = LiveShow(session: session, programme: programme, resume: nil, origin: document.file) { _, _ in
            var options = ShowOptions()
            options.interval = 10
            options.transitionDuration = 1
            return options
        }
        var engine = live.makeEngine(output: Size(width: 10, height: 10))
        func step(to t: Double) {
            _ = engine.run(to: t) { _ in true }
            live.update(&engine, now: t, wall: origin.addingTimeInterval(t))
        }
        step(to: 4)
        #expect(live.displayOn && !engine.show.isPaused)
        #expect(engine.notice?.text.hasPrefix("Display switching off") == true, "a notice the minute before")
        #expect(engine.scene(at: 4) { _ in nil }.ops.contains { if case .text = $0 { true } else { false } })
        step(to: 6)
        #expect(!live.displayOn && engine.show.isPaused)
        // Nothing moves while off.
        step(to: 30)
        #expect(engine.currentSource?.hasSuffix("a.jpg") == true)
        // A touch wakes it (and does nothing else); the show goes on from where it was.
        #expect(live.wake(&engine))
        #expect(live.displayOn && !engine.show.isPaused)
        #expect(!live.wake(&engine))
        step(to: 41)
        #expect(engine.currentSource?.hasSuffix("b.jpg") == true)
        step(to: 95)
        #expect(!live.displayOn && engine.show.isPaused)
        live.finish(engine)
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
        let live = LiveShow(
            session: session, programme: Programme(schedule: document.schedule(), wallOrigin: origin), resume: nil,
            origin: document.file
        ) { _, _ in ShowOptions() }
        var engine = live.makeEngine(output: Size(width: 10, height: 10))
        engine.enqueue(InputEvent(time: 1, kind: .key(.space)))
        _ = engine.run(to: 2) { _ in true }
        #expect(engine.show.isPaused)
        for t in [20.0, 80.0] {
            _ = engine.run(to: t) { _ in true }
            live.update(&engine, now: t, wall: origin.addingTimeInterval(t))
        }
        #expect(live.displayOn)
        #expect(engine.show.isPaused)
    }
}
