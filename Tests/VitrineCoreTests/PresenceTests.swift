import Testing

@testable import VitrineCore

/// The room as the director sees it (`PresenceWatch`), a GPIO level's debounce, the
/// `display.presence` section, and favourites in the fair shuffle's draw.
@Suite struct PresenceTests {
    @Test func nobodyForOffAfterIsAway() {
        var watch = PresenceWatch(spec: PresenceSpec(offAfter: 10), at: ShowTime(seconds: 0))
        watch.follow(at: ShowTime(seconds: 9.9))
        #expect(!watch.away)
        #expect(watch.awayAt == ShowTime(seconds: 10))
        watch.follow(at: ShowTime(seconds: 10))
        #expect(watch.away, "the start counts as the last moment someone could have been there")
        watch.report(PresenceReport(source: "mqtt", present: true), at: ShowTime(seconds: 12))
        #expect(!watch.away && watch.isPresent && watch.awayAt == nil)
        watch.follow(at: ShowTime(seconds: 100))
        #expect(!watch.away, "someone present all along")
        watch.report(PresenceReport(source: "mqtt", present: false), at: ShowTime(seconds: 100))
        watch.follow(at: ShowTime(seconds: 109))
        #expect(!watch.away)
        watch.follow(at: ShowTime(seconds: 110))
        #expect(watch.away)
    }

    @Test func anySourceSayingPresentIsEnough() {
        var watch = PresenceWatch(spec: PresenceSpec(offAfter: 5), at: ShowTime(seconds: 0))
        watch.report(PresenceReport(source: "mqtt", present: true), at: ShowTime(seconds: 1))
        watch.report(PresenceReport(source: "gpio", present: false), at: ShowTime(seconds: 2))
        watch.follow(at: ShowTime(seconds: 20))
        #expect(watch.isPresent && !watch.away)
        watch.report(PresenceReport(source: "mqtt", present: false), at: ShowTime(seconds: 20))
        watch.follow(at: ShowTime(seconds: 25))
        #expect(watch.away)
    }

    @Test func wasPresentDuringASlide() {
        var watch = PresenceWatch(spec: PresenceSpec(offAfter: 600), at: ShowTime(seconds: 0))
        #expect(!watch.wasPresent(since: ShowTime(seconds: 0)), "nobody has said anything yet")
        watch.report(PresenceReport(source: "evdev", present: true), at: ShowTime(seconds: 3))
        watch.report(PresenceReport(source: "evdev", present: false), at: ShowTime(seconds: 4))
        #expect(watch.wasPresent(since: ShowTime(seconds: 2)), "someone came during the slide that began at 2")
        #expect(!watch.wasPresent(since: ShowTime(seconds: 5)), "nobody since 4")
        watch.touched(at: ShowTime(seconds: 8))
        #expect(watch.wasPresent(since: ShowTime(seconds: 6)))
        var untouched = PresenceWatch(
            spec: {
                var s = PresenceSpec(); s.touch = false; return s
            }(), at: ShowTime(seconds: 0))
        untouched.touched(at: ShowTime(seconds: 8))
        #expect(!untouched.wasPresent(since: ShowTime(seconds: 6)), "touch turned off")
    }

    @Test func aLevelCountsOnceItHolds() {
        var level = DebouncedLevel(debounce: 0.05)
        #expect(level.read(false, at: MonotonicInstant(seconds: 0)) == nil)
        #expect(level.settle(at: MonotonicInstant(seconds: 0.05)) == false)
        #expect(level.read(true, at: MonotonicInstant(seconds: 1.0)) == nil)
        #expect(level.read(false, at: MonotonicInstant(seconds: 1.01)) == nil, "a bounce")
        #expect(level.settle(at: MonotonicInstant(seconds: 2)) == nil, "back where it was: nothing changed")
        #expect(level.read(true, at: MonotonicInstant(seconds: 3)) == nil)
        #expect(level.settlesAt == MonotonicInstant(seconds: 3.05))
        #expect(level.settle(at: MonotonicInstant(seconds: 3.04)) == nil)
        #expect(level.settle(at: MonotonicInstant(seconds: 3.05)) == true)
        #expect(level.stable == true)
    }

    @Test func theSectionIsRead() throws {
        let text = """
            { "version": 1, "items": [ { "image": "a.jpg" } ],
              "display": { "presence": { "off-after": "1h30m",
                "mqtt": { "topic": "homeassistant/binary_sensor/hall/state", "on": "occupied", "off": "clear" },
                "evdev": { "device": "/dev/input/by-path/platform-pir-event", "key": 183 },
                "gpio": { "chip": "gpiochip0", "line": 17, "active": "low", "debounce": "80ms" },
                "touch": false } } }
            """
        let result = PlaylistDecoder.decode(text, file: "/frame.json", probe: { _ in .file })
        let presence = try #require(result.document?.display.presence, "\(result.diagnostics)")
        #expect(presence.offAfter == 5400)
        #expect(presence.mqtt?.topic == "homeassistant/binary_sensor/hall/state")
        #expect(presence.mqtt?.presentPayload == "occupied" && presence.mqtt?.absentPayload == "clear")
        #expect(presence.evdev == EvdevPresenceSpec(device: "/dev/input/by-path/platform-pir-event", code: 183))
        #expect(presence.gpio?.activeLow == true && presence.gpio?.line == 17)
        #expect(abs((presence.gpio?.debounce.value ?? 0) - 0.08) < 1e-9)
        #expect(!presence.touch)
        #expect(presence.hasSources)
    }

    @Test func badPresenceSettingsAreSaidWithTheirPath() {
        let text = """
            { "version": 1, "items": [ { "image": "a.jpg" } ],
              "display": { "presence": { "off-after": "soon", "mqtt": { "topic": "hall/#" },
                "gpio": { "chip": "gpiochip0" } } } }
            """
        let result = PlaylistDecoder.decode(text, file: "/frame.json", probe: { _ in .file })
        let paths = result.diagnostics.map(\.path)
        #expect(paths.contains("display.presence.off-after"))
        #expect(paths.contains("display.presence.mqtt"))
        #expect(paths.contains("display.presence.gpio"))
    }

    @Test func durations() {
        #expect(DurationText.seconds("10m") == 600)
        #expect(DurationText.seconds("1h30m") == 5400)
        #expect(DurationText.seconds("90s") == 90)
        #expect(DurationText.seconds("50ms") == 0.05)
        #expect(DurationText.seconds("45") == 45)
        #expect(DurationText.seconds("10 minutes") == nil)
        #expect(DurationText.seconds("") == nil)
    }

    /// Favourites weigh 3 in each cycle's draw: over many cycles they come on average well before
    /// the others, and yet every photo is shown exactly once a cycle, so none is starved.
    @Test func favouritesComeEarlierWithoutStarvingTheRest() {
        let names = (0..<200).map { String(format: "%03d.jpg", $0) }
        let favourites = Set(names.prefix(20))
        let order = ShuffleOrder(seed: 7, favourites: favourites)
        var favouritePositions = 0.0
        var otherPositions = 0.0
        var favouritesInFirstTenth = 0
        let cycles = 300
        for cycle in 0..<cycles {
            let sorted = order.sorted(Array(names.indices), names: names, cycle: cycle)
            #expect(Set(sorted).count == names.count, "each photo once in cycle \(cycle)")
            for (position, index) in sorted.enumerated() {
                let fraction = Double(position) / Double(names.count - 1)
                if favourites.contains(names[index]) {
                    favouritePositions += fraction
                    if position < 20 { favouritesInFirstTenth += 1 }
                } else {
                    otherPositions += fraction
                }
            }
        }
        let favouriteMean = favouritePositions / Double(cycles * 20)
        let otherMean = otherPositions / Double(cycles * 180)
        // With weight 3 among weight 1, a favourite's expected place is about a quarter of the way in.
        #expect(favouriteMean < 0.33, "favourites' mean place \(favouriteMean)")
        #expect(otherMean > 0.51, "the others' mean place \(otherMean)")
        // The first tenth is not all favourites: the rest still come early often.
        let share = Double(favouritesInFirstTenth) / Double(cycles * 20)
        #expect(share > 0.15 && share < 0.4, "favourites' share of the first tenth \(share)")
        let plain = ShuffleOrder(seed: 7)
        var plainMean = 0.0
        for cycle in 0..<cycles {
            let sorted = plain.sorted(Array(names.indices), names: names, cycle: cycle)
            for (position, index) in sorted.enumerated() where favourites.contains(names[index]) {
                plainMean += Double(position) / Double(names.count - 1)
            }
        }
        plainMean /= Double(cycles * 20)
        #expect(abs(plainMean - 0.5) < 0.05, "without favourites the same photos sit in the middle: \(plainMean)")
    }
}
