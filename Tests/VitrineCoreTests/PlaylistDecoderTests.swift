import Foundation
import Testing

@testable import VitrineCore

/// A file system where paths with "gone" are missing, paths without an extension are folders and the rest files.
private func probe(_ path: String) -> PathKind {
    if path.contains("gone") { return .missing }
    return (path as NSString).pathExtension.isEmpty ? .directory : .file
}

private func decode(_ text: String) -> PlaylistDecoder.Outcome {
    PlaylistDecoder.decode(text, file: "/show/frame.json", probe: probe)
}

/// The diagnostics as `LINE:COLUMN severity path: message`, one a string.
private func lines(_ text: String) -> [String] {
    decode(text).diagnostics.map { d in
        let place = d.position.map { "\($0.line):\($0.column)" } ?? "-"
        return "\(place) \(d.severity.rawValue) \(d.description)"
    }
}

@Suite struct PlaylistDecoderTests {
    @Test func readsEveryFieldOfASinglePlaylist() throws {
        let text = """
            {
              "version": 1,
              "timeZone": "Europe/Berlin",
              "defaults": { "interval": 6, "transition": "slide", "transitionDuration": 0.5, "fit": "cover",
                            "motion": "kenburns", "order": "mtime", "seed": 42 },
              "items": [
                { "image": "a.jpg", "duration": 10, "transition": "zoom", "fit": "contain", "caption": "Hello" },
                { "folder": "photos", "recursive": true, "include": ["*.jpg", "**/best/*"], "exclude": "draft*",
                  "order": "shuffle", "seed": 7, "duration": 3 },
                { "image": "/abs/b.png" }
              ],
              "display": { "off": [{ "days": ["weekdays"], "from": "23:00", "to": "07:00",
                                      "dates": { "from": "2026-01-01", "to": "2026-12-31" } }],
                           "onCommand": ["vcgencmd", "display_power", "1"], "offCommand": "echo 0 > /sys/bl",
                           "commandTimeout": 4, "wakeMinutes": 2.5 }
            }
            """
        let outcome = decode(text)
        #expect(outcome.diagnostics.isEmpty)
        let document = try #require(outcome.document)
        #expect(document.timeZoneName == "Europe/Berlin")
        #expect(!document.isScheduled)
        #expect(document.playlists.map(\.name) == ["frame"])
        let playlist = document.playlists[0]
        #expect(playlist.defaults.interval == 6)
        #expect(playlist.defaults.transition == .slide)
        #expect(playlist.defaults.transitionDuration == 0.5)
        #expect(playlist.defaults.fit == .cover)
        #expect(playlist.defaults.motion == .kenburns)
        #expect(playlist.defaults.order == .mtime)
        #expect(playlist.defaults.seed == 42)
        #expect(playlist.items.count == 3)
        let first = playlist.items[0]
        #expect(first.source == .image("/show/a.jpg"))
        #expect(first.duration == 10 && first.transition == .zoom && first.fit == .contain && first.caption == "Hello")
        guard case .folder(let folder) = playlist.items[1].source else {
            Issue.record("item 1 is not a folder")
            return
        }
        #expect(folder.path == "/show/photos")
        #expect(folder.recursive)
        #expect(folder.include.map(\.pattern) == ["*.jpg", "**/best/*"])
        #expect(folder.exclude.map(\.pattern) == ["draft*"])
        #expect(folder.order == .shuffle && folder.seed == 7)
        #expect(playlist.items[1].duration == 3)
        #expect(playlist.items[2].source == .image("/abs/b.png"))
        let display = document.display
        #expect(display.off.count == 1)
        #expect(display.off[0].days == [.mon, .tue, .wed, .thu, .fri])
        #expect(display.off[0].from == TimeOfDay(hour: 23, minute: 0))
        #expect(display.off[0].to == TimeOfDay(hour: 7, minute: 0))
        #expect(
            display.off[0].dates?.lowerBound == LocalDate(year: 2026, month: 1, day: 1)
                && display.off[0].dates?.upperBound == LocalDate(year: 2026, month: 12, day: 31))
        #expect(display.onCommand == .arguments(["vcgencmd", "display_power", "1"]))
        #expect(display.offCommand == .shell("echo 0 > /sys/bl"))
        #expect(display.commandTimeout == 4)
        #expect(display.wakeMinutes == 2.5)

        var base = ShowStyle()
        base.interval = 20
        let options = playlist.options(base: base, given: ["--interval"])
        #expect(options.interval == 20)
        #expect(options.transition == .slide && options.fit == .cover && options.motion == .kenburns)
    }

    @Test func readsNamedPlaylistsAndTheSchedule() throws {
        let text = """
            {
              "version": 1,
              "defaults": { "interval": 5 },
              "playlists": {
                "day": { "defaults": { "transition": "none" }, "items": [{ "image": "d.jpg" }] },
                "night": { "items": [{ "folder": "n" }] }
              },
              "schedule": {
                "default": "night",
                "rules": [
                  { "playlist": "day", "days": ["mon", "Tuesday", "weekend"], "from": "08:00", "to": "20:30:15",
                    "dates": { "from": "2026-03-01" }, "priority": 3 },
                  { "playlist": "night", "days": "daily" }
                ]
              }
            }
            """
        let outcome = decode(text)
        #expect(outcome.diagnostics.isEmpty)
        let document = try #require(outcome.document)
        #expect(document.isScheduled)
        #expect(document.playlists.map(\.name) == ["day", "night"])
        #expect(document.playlists[0].defaults.interval == 5)
        #expect(document.playlists[0].defaults.transition == TransitionKind.none)
        #expect(document.defaultPlaylist == "night")
        #expect(document.rules.count == 2)
        let rule = document.rules[0]
        #expect(rule.playlist == "day" && rule.priority == 3)
        #expect(rule.window.days == [.mon, .tue, .sat, .sun])
        #expect(rule.window.to == TimeOfDay(hour: 20, minute: 30, second: 15))
        #expect(rule.window.dates?.lowerBound == LocalDate(year: 2026, month: 3, day: 1))
        #expect(rule.window.dates?.upperBound == LocalDate(year: 9999, month: 12, day: 31))
        #expect(document.rules[1].window.days.count == 7)
        #expect(document.rules[1].window.from == .midnight && document.rules[1].window.to == .endOfDay)
    }

    @Test func reportsEveryErrorWithItsPathAndPosition() {
        let text = """
            {
              "version": 2,
              "timeZone": "Mars/Olympus",
              "defaults": { "interval": 0, "transition": "wipe", "transitionDuration": -1, "fit": "stretch",
                            "motion": "fast", "order": "random", "seed": -1 },
              "items": [
                { "image": "a.txt" },
                { "image": "photos" },
                { "folder": "x.jpg" },
                { "image": "a.jpg", "duration": "ten" },
                { "image": "a.jpg", "folder": "f" },
                { "caption": 5 },
                { "folder": "f", "recursive": "yes", "include": ["[a"], "exclude": 3 },
                { "image": 7, "transition": 1, "fit": null },
                "a.jpg",
                { "folder": "f", "seed": 1.5 }
              ]
            }
            """
        #expect(
            lines(text) == [
                "2:14 error version: 2 is not supported; this Vitrine reads version 1",
                "3:15 error timeZone: unknown time zone 'Mars/Olympus'; use a name such as Europe/Berlin or UTC",
                "4:29 error defaults.interval: must be a positive number of seconds",
                "4:46 error defaults.transition: must be one of fade, zoom, slide, none",
                "4:76 error defaults.transitionDuration: must be zero or a positive number of seconds",
                "4:87 error defaults.fit: must be one of contain, cover",
                "5:27 error defaults.motion: must be one of still, kenburns",
                "5:44 error defaults.order: must be one of name, mtime, shuffle",
                "5:62 error defaults.seed: must be a whole number from 0 to 9007199254740992",
                "7:16 error items[0].image: a.txt is not an image file (expected one of: avif, bmp, gif, heic, heif, hif, jpeg, jpg, jxl, png, qoi, tga, tif, tiff, webp)",
                "8:16 error items[1].image: photos is not an image file (expected one of: avif, bmp, gif, heic, heif, hif, jpeg, jpg, jxl, png, qoi, tga, tif, tiff, webp)",
                "9:17 error items[2].folder: x.jpg is a file; write \"image\" for one image",
                "10:37 error items[3].duration: must be a positive number of seconds",
                "11:5 error items[4]: has both \"image\" and \"folder\"; an item is one or the other",
                "12:5 error items[5]: needs \"image\" (a file) or \"folder\" (a folder of images)",
                "12:18 error items[5].caption: must be a string",
                "13:35 error items[6].recursive: must be true or false",
                "13:54 error items[6].include[0]: invalid pattern \"[a\": '[' is not closed by ']'",
                "13:72 error items[6].exclude: must be a list of glob patterns such as \"*.jpg\"",
                "14:16 error items[7].image: must be the path of an image file",
                "14:33 error items[7].transition: must be one of fade, zoom, slide, none",
                "14:43 error items[7].fit: must be one of contain, cover",
                "15:5 error items[8]: must be an object ({ … }), not a string",
                "16:30 error items[9].seed: must be a whole number from 0 to 9007199254740992",
            ])
        #expect(decode(text).document == nil)
    }

    @Test func reportsScheduleAndDisplayErrors() {
        let text = """
            {
              "version": 1,
              "playlists": {
                "day": { "items": [{ "image": "d.jpg" }] },
                "empty": { "items": [] },
                "none": {}
              },
              "schedule": {
                "default": "dya",
                "rules": [
                  { "days": ["mon"] },
                  { "playlist": "day", "days": ["someday"], "from": "25:00", "to": "9am", "priority": 1.5 },
                  { "playlist": "day", "from": "10:00", "to": "10:00", "dates": { "from": "2026-02-30" } },
                  { "playlist": "day", "dates": { "from": "2026-05-01", "to": "2026-04-01" }, "days": [] }
                ]
              },
              "display": { "off": [{}, { "from": "24:00", "to": "06:00" }], "onCommand": [], "offCommand": 3,
                           "commandTimeout": 0, "wakeMinutes": -5 }
            }
            """
        #expect(
            lines(text) == [
                "5:25 error playlists.empty.items: is empty; list at least one image or folder",
                "6:13 error playlists.none.items: missing; list the images and folders to show",
                "9:16 error schedule.default: no playlist is named 'dya'; the playlists are day, empty",
                "11:7 error schedule.rules[0]: needs \"playlist\": the name of the playlist it plays",
                "12:37 error schedule.rules[1].days[0]: 'someday' is not a day; use mon, tue, wed, thu, fri, sat, sun, weekdays, weekend or daily",
                "12:57 error schedule.rules[1].from: must be a time of day as HH:MM, from 00:00 to 24:00",
                "12:72 error schedule.rules[1].to: must be a time of day as HH:MM, from 00:00 to 24:00",
                "12:91 error schedule.rules[1].priority: must be a whole number",
                "13:51 error schedule.rules[2].to: is the same as from; leave both out for the whole day",
                "13:79 error schedule.rules[2].dates.from: must be a date as YYYY-MM-DD",
                "14:67 error schedule.rules[3].dates.to: 2026-04-01 is before from (2026-05-01)",
                "14:91 error schedule.rules[3].days: is empty; list at least one day",
                "17:24 error display.off[0]: needs \"from\" and \"to\" (and optionally \"days\", \"dates\")",
                "17:38 error display.off[1].from: 24:00 is the end of a day; a window starts at 00:00–23:59",
                "17:78 error display.onCommand: must be a command line (a string run by /bin/sh) or a list of strings (program and arguments)",
                "17:96 error display.offCommand: must be a command line (a string run by /bin/sh) or a list of strings (program and arguments)",
                "18:34 error display.commandTimeout: must be a positive number of seconds",
                "18:52 error display.wakeMinutes: must be a positive number of minutes",
            ])
    }

    @Test func reportsUnknownFieldsMissingFilesAndStructureProblems() throws {
        let text = """
            {
              "version": 1,
              "intervall": 5,
              "defaults": { "intervl": 5, "colour": "red" },
              "items": [
                { "image": "gone.jpg", "recursive": true },
                { "folder": "gone", "captoin": "x" }
              ]
            }
            """
        #expect(
            lines(text) == [
                "3:3 warning intervall: unknown field; it is ignored",
                "4:17 warning defaults.intervl: unknown field; it is ignored; did you mean 'interval'?",
                "4:31 warning defaults.colour: unknown field; it is ignored",
                "6:16 warning items[0].image: gone.jpg: no such file (it is skipped until it appears)",
                "6:41 warning items[0].recursive: applies to folders only; it is ignored for an image",
                "7:17 warning items[1].folder: gone: no such folder (it is watched for until it appears)",
                "7:25 warning items[1].captoin: unknown field; it is ignored; did you mean 'caption'?",
            ])
        // Warnings only: the file plays.
        #expect(decode(text).document != nil)

        #expect(
            lines("{\"items\": [{\"image\": \"a.jpg\"}]}") == [
                "1:1 error version: missing; add \"version\": 1 at the top"
            ])
        #expect(
            lines("{\"version\": 1}") == [
                "1:1 error needs \"items\" (one playlist) or \"playlists\" (several, with a schedule)"
            ])
        #expect(lines("[1]") == ["1:1 error must be an object ({ … }), not a list"])
        #expect(
            lines("{\"version\": 1, \"version\": 1, \"items\": [{\"image\": \"a.jpg\"}], \"playlists\": {}}") == [
                "1:16 error version: appears twice; keep one",
                "1:39 error items: a file has either \"items\" (one playlist) or \"playlists\", not both",
            ])
        #expect(
            lines("{\"version\": 1, \"items\": [{\"image\": \"a.jpg\"}], \"schedule\": {}}") == [
                "1:59 error schedule: needs named playlists: put the items under \"playlists\""
            ])
        #expect(
            lines(
                "{\"version\": 1, \"defaults\": {\"interval\": 2, \"transitionDuration\": 2}, \"items\": [{\"image\": \"a.jpg\"}]}"
            )
                == ["1:66 error defaults.transitionDuration: 2 s must be shorter than the interval (2 s)"])
        #expect(lines("{\n\"version\": 1,\n\"items\": [}") == ["3:11 error expected a value, found '}'"])
    }
}
