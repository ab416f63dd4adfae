import Foundation
import Testing

@testable import VitrineCore

/// The `display` section's device settings as read from a playlist or a configuration file,
/// and the dim windows' level at a time.
@Suite struct DisplaySectionTests {
    private func decode(_ display: String) -> PlaylistDecoder.Outcome {
        let text = """
            { "version": 1, "timeZone": "UTC", "items": [ { "image": "a.jpg" } ],
              "display": \(display) }
            """
        return PlaylistDecoder.decode(text, file: "/show/frame.json") { _ in .file }
    }

    private func errors(_ display: String) -> [String] {
        decode(display).diagnostics.errors.map(\.description)
    }

    @Test func everyDeviceSettingIsRead() throws {
        let outcome = decode(
            """
            { "dpms": false,
              "backlight": { "root": "/tmp/fake", "device": "panel0", "level": 0.8, "fade": 2.5 },
              "dim": [ { "from": "20:00", "to": "23:00", "level": 0.2 },
                       { "days": ["sat"], "from": "22:00", "to": "06:00", "level": 0 } ],
              "cec": { "devices": ["/dev/cec1"], "timeout": 3, "name": "Lobby" } }
            """)
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        let display = try #require(outcome.document?.display)
        #expect(display.dpms == false && !display.usesDPMS)
        let backlight = try #require(display.backlight)
        #expect(backlight.root == "/tmp/fake" && backlight.device == "panel0")
        #expect(backlight.level == 0.8 && backlight.fade == 2.5)
        #expect(display.dim.map(\.level) == [0.2, 0])
        #expect(display.dim[1].window.days == [.sat] && display.dim[1].window.crossesMidnight)
        #expect(display.cec?.devices == ["/dev/cec1"] && display.cec?.timeout == 3 && display.cec?.name == "Lobby")
    }

    @Test func shortFormsTakeTheDefaults() throws {
        let display = try #require(decode(#"{ "backlight": true, "cec": true }"#).document?.display)
        #expect(display.usesDPMS, "DPMS is on unless turned off")
        #expect(display.backlight == BacklightSpec())
        #expect(display.backlight?.root == "/sys/class/backlight" && display.backlight?.device == nil)
        #expect(display.cec == CECSpec())
        let named = try #require(decode(#"{ "backlight": "rpi_backlight", "cec": false }"#).document?.display)
        #expect(named.backlight?.device == "rpi_backlight" && named.cec == nil)
        #expect(try #require(decode("{}").document).display.backlight == nil)
    }

    @Test func badValuesAreErrorsWithTheirPath() {
        let found = errors(
            """
            { "dpms": "yes",
              "backlight": { "root": "sys/class", "device": "../x", "level": 1.5, "fade": -1, "colour": 1 },
              "dim": [ { "from": "20:00", "to": "23:00" }, { "from": "25:00", "to": "23:00", "level": 0.5 },
                       { "level": 0.3 } ],
              "cec": { "devices": ["cec0"], "timeout": 0, "name": "A name far too long" } }
            """)
        let expected = [
            "display.dpms: must be true or false",
            "display.backlight.root: must be an absolute folder path",
            "display.backlight.device: must be the name of a folder under /sys/class/backlight",
            "display.backlight.level: must be a number from 0 (dark) to 1",
            "display.backlight.fade: must be seconds from 0 to 60",
            "display.dim[0].level: missing",
            "display.dim[1].from: must be a time of day",
            "display.dim[2]: needs \"from\" and \"to\"",
            "display.cec.devices[0]: must be a device path",
            "display.cec.timeout: must be seconds",
            "display.cec.name: must be 1 to 14 plain ASCII characters",
        ]
        for prefix in expected {
            #expect(found.contains { $0.hasPrefix(prefix) }, "\(prefix) in \(found)")
        }
        #expect(found.count == expected.count, "\(found)")
        #expect(
            decode(#"{ "backlight": { "colour": 1 } }"#).diagnostics.contains { $0.path == "display.backlight.colour" })
        #expect(errors(#"{ "backlight": 3 }"#).first?.hasPrefix("display.backlight") == true)
        #expect(errors(#"{ "cec": "all" }"#).first?.hasPrefix("display.cec") == true)
    }

    @Test func aConfigurationFileSectionIsReadAlone() throws {
        let root = try JSONParser.parse(#"{ "display": { "backlight": { "level": 2 }, "dpms": true } }"#)
        let node = try #require(root["display"])
        let (spec, diagnostics) = PlaylistDecoder.decodeDisplaySection(node, file: "/etc/vitrine/config.json")
        #expect(spec.dpms == true)
        #expect(diagnostics.errors.count == 1)
        #expect(
            diagnostics.first?.formatted(file: "/etc/vitrine/config.json").hasPrefix(
                "/etc/vitrine/config.json:1:40: error: display.backlight.level") == true, "\(diagnostics)")
    }

    @Test func aPlaylistsSectionWinsOverTheConfigurationFilesWhereItSpeaks() throws {
        var base = DisplaySpec()
        base.backlight = BacklightSpec()
        base.cec = CECSpec()
        base.dpms = false
        base.off = [TimeWindow(from: try #require(TimeOfDay("23:00")), to: try #require(TimeOfDay("07:00")))]
        base.commandTimeout = 4
        base.timeoutGiven = true
        var own = DisplaySpec()
        own.dim = [DimWindow(window: TimeWindow(), level: 0.5)]
        own.dpms = true
        let merged = own.over(base)
        #expect(merged.dpms == true && merged.backlight == BacklightSpec() && merged.cec == CECSpec())
        #expect(merged.off == base.off && merged.dim == own.dim && merged.commandTimeout == 4)
        #expect(DisplaySpec().over(DisplaySpec()) == DisplaySpec())
    }

    @Test func theDimLevelAtTimesOfDayAcrossMidnight() throws {
        let display = try #require(
            decode(
                """
                { "backlight": { "level": 0.9 },
                  "dim": [ { "from": "20:00", "to": "02:00", "level": 0.3 },
                           { "from": "22:00", "to": "23:00", "level": 0.1 },
                           { "days": ["sun"], "from": "12:00", "to": "13:00", "level": 0.5 } ] }
                """
            ).document?.display)
        let clock = ZoneClock(TimeZone(identifier: "UTC") ?? .gmt)
        func level(_ text: String) throws -> Double? {
            let instant = try #require(WallClockText.parse(text, defaultZone: .gmt))
            return display.backlightLevel(at: instant, clock: clock)
        }
        // 2026-06-06 is a Saturday.
        #expect(try level("2026-06-06T19:59:59Z") == 0.9)
        #expect(try level("2026-06-06T20:00:00Z") == 0.3)
        #expect(try level("2026-06-06T22:30:00Z") == 0.1, "the lowest of the windows open")
        #expect(try level("2026-06-06T23:00:00Z") == 0.3)
        #expect(try level("2026-06-07T01:59:00Z") == 0.3, "after midnight, the evening's window")
        #expect(try level("2026-06-07T02:00:00Z") == 0.9)
        #expect(try level("2026-06-07T12:30:00Z") == 0.5, "Sunday's window")
        #expect(try level("2026-06-06T12:30:00Z") == 0.9, "not on Saturday")
        #expect(DisplaySpec().backlightLevel(at: Date(), clock: clock) == nil, "no backlight, no level")
    }

    @Test func aFadeStepsFromTheLevelItHasToItsTarget() {
        var fade = BacklightFade(level: 1)
        #expect(fade.level(at: MonotonicInstant(seconds: 5)) == 1 && fade.isSettled(at: MonotonicInstant(seconds: 5)))
        fade.aim(at: 0.2, now: MonotonicInstant(seconds: 10), duration: 1)
        let levels = stride(from: 10.0, through: 11.2, by: 0.1).map { fade.level(at: MonotonicInstant(seconds: $0)) }
        #expect(levels.first == 1 && levels.last == 0.2)
        #expect(zip(levels, levels.dropFirst()).allSatisfy { $0 >= $1 }, "\(levels)")
        #expect(abs(fade.level(at: MonotonicInstant(seconds: 10.5)) - 0.6) < 1e-9)
        #expect(
            !fade.isSettled(at: MonotonicInstant(seconds: 10.5)) && fade.isSettled(at: MonotonicInstant(seconds: 11)))
        // Turned back half way: from where it is, not from where it began.
        fade.aim(at: 1, now: MonotonicInstant(seconds: 10.5), duration: 1)
        #expect(
            abs(fade.level(at: MonotonicInstant(seconds: 10.5)) - 0.6) < 1e-9
                && fade.level(at: MonotonicInstant(seconds: 11.5)) == 1)
        // No fade: at once.
        fade.aim(at: 0, now: MonotonicInstant(seconds: 20), duration: 0)
        #expect(fade.level(at: MonotonicInstant(seconds: 20)) == 0)
        #expect(BacklightFade.raw(0.2, maximum: 255) == 51)
        #expect(BacklightFade.raw(1.5, maximum: 100) == 100 && BacklightFade.raw(-1, maximum: 100) == 0)
        #expect(BacklightFade.raw(.nan, maximum: 100) == 0 && BacklightFade.raw(0.5, maximum: 0) == 0)
    }
}
