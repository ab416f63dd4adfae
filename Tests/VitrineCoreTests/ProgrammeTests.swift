import Foundation
import Testing

@testable import VitrineCore

private let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt

private func instant(_ text: String) -> Date { WallClockText.parse(text, defaultZone: berlin) ?? .distantPast }
private func tod(_ text: String) -> TimeOfDay { TimeOfDay(text) ?? .midnight }
private func show(_ seconds: Double) -> ShowTime { ShowTime(seconds: seconds) }

/// Shop 09:00–18:00 on weekdays, idle otherwise, display off 23:00–07:00.
private let shop = Schedule(
    timeZone: berlin, defaultPlaylist: "idle",
    rules: [
        ScheduleRule(
            playlist: "shop",
            window: TimeWindow(
                days: [.mon, .tue, .wed, .thu, .fri], from: tod("09:00"), to: tod("18:00")))
    ],
    displayOff: [TimeWindow(from: tod("23:00"), to: tod("07:00"))])

@Suite struct ProgrammeTests {
    @Test func parsesClockTextInEveryForm() {
        #expect(
            WallClockText.parse("2026-12-24T18:00:00", defaultZone: berlin)
                == Date(timeIntervalSince1970: 1_798_131_600))
        #expect(
            WallClockText.parse("2026-12-24T18:00", defaultZone: berlin) == Date(timeIntervalSince1970: 1_798_131_600))
        #expect(
            WallClockText.parse("2026-12-24T17:00:00Z", defaultZone: berlin)
                == Date(timeIntervalSince1970: 1_798_131_600))
        #expect(
            WallClockText.parse("2026-12-24T19:30:00+02:30", defaultZone: berlin)
                == Date(timeIntervalSince1970: 1_798_131_600))
        #expect(
            WallClockText.parse("2026-12-24T12:00:00-0500", defaultZone: berlin)
                == Date(timeIntervalSince1970: 1_798_131_600))
        #expect(
            WallClockText.parse("2026-12-24T18:00:00[Europe/Berlin]", defaultZone: .gmt)
                == Date(timeIntervalSince1970: 1_798_131_600))
        #expect(
            WallClockText.parse("2026-12-24T12:00:00 America/New_York", defaultZone: .gmt)
                == Date(timeIntervalSince1970: 1_798_131_600))
        #expect(
            WallClockText.parse("2026-12-24T18:00:00.250", defaultZone: berlin)
                == Date(timeIntervalSince1970: 1_798_131_600))
        #expect(WallClockText.parse("2026-12-24", defaultZone: berlin) == Date(timeIntervalSince1970: 1_798_066_800))
        for bad in [
            "", "2026-13-01T00:00", "2026-12-24T25:00", "2026-12-24T18:00:00+25:00", "2026-12-24T18:00[Nowhere/City]",
            "tomorrow", "2026-12-24T24:00",
        ] {
            #expect(WallClockText.parse(bad, defaultZone: berlin) == nil, "\(bad)")
        }
        #expect(
            WallClockText.format(Date(timeIntervalSince1970: 1_798_131_600), in: berlin) == "2026-12-24T18:00:00+01:00")
    }

    @Test func changesComeAtTheirShowTimesInOrder() {
        // Wednesday 2026-04-01 08:59:00: shop opens 60 s in, closes 9 h later, display off at 23:00.
        let origin = instant("2026-04-01T08:59:00")
        var programme = Programme(schedule: shop, wallOrigin: origin)
        #expect(programme.playlist == "idle" && programme.displayOn)
        #expect(programme.advance(to: show(59), wall: origin.addingTimeInterval(59)) == [])
        let end = 14 * 3600.0 + 60
        let changes = programme.advance(to: show(end), wall: origin.addingTimeInterval(end))
        #expect(
            changes == [
                ProgrammeChange(time: show(60), playlist: "shop"),
                ProgrammeChange(time: show(60 + 9 * 3600), playlist: "idle"),
                ProgrammeChange(time: show(60 + 14 * 3600), displayOn: false),
            ])
        #expect(!programme.displayOn)
    }

    @Test func aTouchWakesTheDisplayForTheWakeTime() {
        let origin = instant("2026-04-01T23:30:00")
        var programme = Programme(schedule: shop, wallOrigin: origin, wakeDuration: Seconds(300))
        #expect(!programme.displayOn)
        #expect(programme.advance(to: show(10), wall: origin.addingTimeInterval(10)) == [])
        #expect(programme.wake(at: show(10)) == ProgrammeChange(time: show(10), displayOn: true))
        #expect(programme.displayOn)
        // A second touch while awake extends the wake time but changes nothing now.
        _ = programme.advance(to: show(200), wall: origin.addingTimeInterval(200))
        #expect(programme.wake(at: show(200)) == nil)
        #expect(programme.advance(to: show(499), wall: origin.addingTimeInterval(499)) == [])
        #expect(
            programme.advance(to: show(600), wall: origin.addingTimeInterval(600)) == [
                ProgrammeChange(time: show(500), displayOn: false)
            ])
        // While the schedule has the display on, a touch does nothing.
        var day = Programme(schedule: shop, wallOrigin: instant("2026-04-01T12:00:00"))
        #expect(day.wake(at: show(1)) == nil)
    }

    @Test func aJumpOfTheWallClockIsFollowedAtOnce() {
        // The board booted with a wrong clock at 03:00 (display off); NTP then sets it to 10:00 (shop).
        let origin = instant("2026-04-01T03:00:00")
        var programme = Programme(schedule: shop, wallOrigin: origin)
        #expect(!programme.displayOn)
        let changes = programme.advance(to: show(5), wall: instant("2026-04-01T10:00:00"))
        #expect(changes == [ProgrammeChange(time: show(5), playlist: "shop", displayOn: true)])
        // Then it runs on from the new time: closing at 18:00 is 8 h later.
        let later = programme.advance(to: show(5 + 8 * 3600), wall: instant("2026-04-01T18:00:00"))
        #expect(later == [ProgrammeChange(time: show(5 + 8 * 3600), playlist: "idle")])
    }

    @Test func aNewScheduleTakesEffectWhereTheShowIs() {
        let origin = instant("2026-04-01T12:00:00")
        var programme = Programme(schedule: shop, wallOrigin: origin)
        var edited = shop
        edited.defaultPlaylist = "other"
        edited.rules = []
        #expect(programme.replaceSchedule(edited, at: show(30)) == ProgrammeChange(time: show(30), playlist: "other"))
        #expect(programme.playlist == "other")
    }

    @Test func aScheduledRunSwitchesPlaylistsAndPausesWhileOff() throws {
        let document = PlaylistDocument(
            file: "/p/shop.json", timeZoneName: "Europe/Berlin",
            playlists: [
                PlaylistSpec(
                    name: "idle",
                    items: [PlaylistItem(source: .image("/p/a.jpg")), PlaylistItem(source: .image("/p/b.jpg"))]),
                PlaylistSpec(
                    name: "shop",
                    items: [PlaylistItem(source: .image("/p/c.jpg")), PlaylistItem(source: .image("/p/d.jpg"))]),
            ],
            isScheduled: true, defaultPlaylist: "idle",
            rules: shop.rules,
            display: {
                var d = DisplaySpec()
                d.off = shop.displayOff
                return d
            }())
        var content = PlaylistContent(document: document)
        for path in ["/p/a.jpg", "/p/b.jpg", "/p/c.jpg", "/p/d.jpg"] { _ = content.setImage(path, present: true) }
        var options = ShowStyle()
        options.interval = 10
        options.transitionDuration = 1
        func state(from origin: Date, at t: Double) -> (String, Bool, String?) {
            var director = ShowDirector(
                setup: DirectorSettings(show: options), environment: ShowEnvironment(feed: FixedFeed(content: content)),
                output: Size(width: 100, height: 100), wallOrigin: origin)
            _ = director.run(to: show(t), images: LoadedImages(allReady: true))
            return (director.programme.playlist, director.programme.displayOn, director.engine.currentPath)
        }
        let morning = instant("2026-04-01T08:59:30")
        #expect(state(from: morning, at: 15) == ("idle", true, "/p/b.jpg"))
        // 09:00 is t = 30: the shop playlist starts from its first slide.
        #expect(state(from: morning, at: 31) == ("shop", true, "/p/c.jpg"))
        #expect(state(from: morning, at: 41) == ("shop", true, "/p/d.jpg"))
        // Off from 23:00 (t = 15): paused where it was, on slide b.
        let night = instant("2026-04-01T22:59:45")
        #expect(state(from: night, at: 15) == ("idle", false, "/p/b.jpg"))
        #expect(state(from: night, at: 200) == ("idle", false, "/p/b.jpg"))
    }
}
