import Foundation
import Testing

@testable import VitrineCore

// Falls back to UTC only if the zone database is missing; the tests then fail, they do not crash.
private let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt
private let clock = ZoneClock(berlin)

private func day(_ text: String) -> LocalDate { LocalDate(text) ?? LocalDate(daysSinceEpoch: 0) }
private func time(_ text: String) -> TimeOfDay { TimeOfDay(text) ?? .midnight }
/// The instant the Berlin wall clock shows `text` ("2026-03-29 01:30") for the first time.
private func at(_ text: String) -> Date {
    let parts = text.split(separator: " ")
    return clock.instant(day(String(parts[0])), time(String(parts[1])))
}

private func window(_ days: Set<Weekday> = Set(Weekday.allCases), _ from: String, _ to: String) -> TimeWindow {
    TimeWindow(days: days, from: time(from), to: time(to))
}

@Suite struct ScheduleTests {
    @Test func localDatesRoundTripAndKnowTheirWeekday() {
        #expect(LocalDate(daysSinceEpoch: 0) == LocalDate(year: 1970, month: 1, day: 1))
        #expect(day("1970-01-01").weekday == .thu)
        #expect(day("2026-12-24").weekday == .thu)
        #expect(day("2024-02-29").adding(days: 1) == day("2024-03-01"))
        #expect(LocalDate("2026-02-29") == nil)
        #expect(LocalDate("2026-2-01") == nil)
        for n in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(LocalDate(daysSinceEpoch: n).daysSinceEpoch == n)
        }
        #expect(TimeOfDay("24:00") == .endOfDay)
        #expect(TimeOfDay("24:01") == nil)
        #expect(TimeOfDay("7:00") == nil)
        #expect(TimeOfDay("07:05:09")?.description == "07:05:09")
    }

    @Test func zoneClockResolvesSkippedAndRepeatedTimesToOneInstant() {
        // 2026-03-29: 02:00 CET jumps to 03:00 CEST (01:00 UTC).
        let jump = Date(timeIntervalSince1970: 1_774_746_000)
        #expect(at("2026-03-29 02:30") == jump)
        #expect(at("2026-03-29 02:00") == jump)
        #expect(at("2026-03-29 03:00") == jump)
        #expect(at("2026-03-29 01:59").timeIntervalSince(jump) == -60)
        // 2026-10-25: 03:00 CEST goes back to 02:00 CET (01:00 UTC); 02:30 happens twice, first at 00:30 UTC.
        #expect(at("2026-10-25 02:30") == Date(timeIntervalSince1970: 1_792_888_200))
        #expect(at("2026-10-25 03:00").timeIntervalSince(at("2026-10-25 02:00")) == 7200)
        let local = clock.local(Date(timeIntervalSince1970: 1_792_891_800))  // 01:30 UTC, the second 02:30
        #expect(local.date == day("2026-10-25") && local.time == time("02:30"))
    }

    @Test func aWeekdayWindowHoldsEveryDayOfAYear() {
        let schedule = Schedule(
            timeZone: berlin, defaultPlaylist: "idle",
            rules: [ScheduleRule(playlist: "shop", window: window([.mon, .tue, .wed, .thu, .fri], "09:00", "18:00"))])
        var d = day("2026-01-01")
        var weekdays = 0
        while d.year == 2026 {
            let isWeekday = ![.sat, .sun].contains(d.weekday)
            if isWeekday { weekdays += 1 }
            let open = clock.instant(d, time("09:00"))
            let close = clock.instant(d, time("18:00"))
            #expect(schedule.state(at: open.addingTimeInterval(-1)).playlist == "idle")
            #expect(schedule.state(at: open).playlist == (isWeekday ? "shop" : "idle"))
            #expect(schedule.state(at: close.addingTimeInterval(-1)).playlist == (isWeekday ? "shop" : "idle"))
            #expect(schedule.state(at: close).playlist == "idle")
            // Nine hours on the wall are nine hours of real time, summer or winter.
            #expect(close.timeIntervalSince(open) == 9 * 3600)
            d = d.adding(days: 1)
        }
        #expect(weekdays == 261)
    }

    @Test func nextChangeWalksAYearOfChangesAcrossBothClockChanges() throws {
        // Display off 23:00–07:00 every night, a shop loop 09:00–18:00 on weekdays.
        let schedule = Schedule(
            timeZone: berlin, defaultPlaylist: "idle",
            rules: [ScheduleRule(playlist: "shop", window: window([.mon, .tue, .wed, .thu, .fri], "09:00", "18:00"))],
            displayOff: [window(Set(Weekday.allCases), "23:00", "07:00")])
        let start = at("2026-01-01 00:00")
        let end = at("2027-01-01 00:00")
        var t = start
        var offStarts: [Date] = []
        var onStarts: [Date] = []
        var shopStarts = 0
        var changes = 0
        while let next = schedule.nextChange(after: t), next < end {
            let before = schedule.state(at: next.addingTimeInterval(-1))
            let after = schedule.state(at: next)
            #expect(before != after)
            // Nothing changes between two reported changes.
            #expect(schedule.state(at: t.addingTimeInterval(next.timeIntervalSince(t) / 2)) == before)
            if before.displayOn && !after.displayOn { offStarts.append(next) }
            if !before.displayOn && after.displayOn { onStarts.append(next) }
            if after.playlist == "shop" && before.playlist != "shop" { shopStarts += 1 }
            changes += 1
            t = next
        }
        // The window starting 2025-12-31 23:00 is open at the start; one that starts each night of 2026 opens once.
        #expect(offStarts.count == 365)
        #expect(onStarts.count == 365)
        #expect(shopStarts == 261)
        #expect(changes == 365 * 2 + 261 * 2)
        for instant in offStarts { #expect(clock.local(instant).time == time("23:00")) }
        for instant in onStarts { #expect(clock.local(instant).time == time("07:00")) }
        // The nights the clocks change are an hour shorter and longer.
        let spring = try #require(onStarts.first { clock.local($0).date == day("2026-03-29") })
        let springOff = try #require(offStarts.first { clock.local($0).date == day("2026-03-28") })
        #expect(spring.timeIntervalSince(springOff) == 7 * 3600)
        let autumn = try #require(onStarts.first { clock.local($0).date == day("2026-10-25") })
        let autumnOff = try #require(offStarts.first { clock.local($0).date == day("2026-10-24") })
        #expect(autumn.timeIntervalSince(autumnOff) == 9 * 3600)
    }

    @Test(arguments: [("2026-03-28", 2.0 * 3600), ("2026-10-24", 4.0 * 3600), ("2026-06-01", 3.0 * 3600)])
    func aWindowOnTheNightTheClocksChangeOpensAndClosesOnce(night: String, hours: Double) {
        // 01:00–04:00 on the night after `night`: a window starting at 01:00 the next day.
        let next = day(night).adding(days: 1)
        let schedule = Schedule(
            timeZone: berlin, defaultPlaylist: "day", rules: [],
            displayOff: [TimeWindow(from: time("01:00"), to: time("04:00"), dates: next...next)])
        let segments = schedule.segments(
            from: clock.instant(day(night), .midnight), to: clock.instant(next.adding(days: 1), .midnight))
        let off = segments.filter { !$0.state.displayOn }
        #expect(off.count == 1)
        #expect(off.first.map { $0.end.timeIntervalSince($0.start) } == hours)
        // The repeated hour of the autumn night does not reopen or close the window.
        let inside = segments.filter { $0.state.displayOn }.count
        #expect(inside == 2)
    }

    @Test func aWindowStartingInTheSkippedHourOpensAtTheJump() {
        let schedule = Schedule(
            timeZone: berlin, defaultPlaylist: "a",
            rules: [ScheduleRule(playlist: "b", window: TimeWindow(from: time("02:30"), to: time("03:30")))])
        let opens = schedule.nextChange(after: at("2026-03-29 00:00"))
        #expect(opens == Date(timeIntervalSince1970: 1_774_746_000))
        let closes = opens.flatMap { schedule.nextChange(after: $0) }
        #expect(closes.map { clock.local($0).time } == time("03:30"))
        if let opens, let closes { #expect(closes.timeIntervalSince(opens) == 1800) }
    }

    @Test func windowsCrossingMidnightBelongToTheDayTheyStart() {
        // Friday and Saturday nights, 22:00–02:00.
        let schedule = Schedule(
            timeZone: berlin, defaultPlaylist: "calm",
            rules: [ScheduleRule(playlist: "party", window: window([.fri, .sat], "22:00", "02:00"))])
        #expect(day("2026-05-08").weekday == .fri)
        #expect(schedule.state(at: at("2026-05-08 21:59")).playlist == "calm")
        #expect(schedule.state(at: at("2026-05-08 22:00")).playlist == "party")
        #expect(schedule.state(at: at("2026-05-09 01:59")).playlist == "party")  // Saturday morning, Friday's window
        #expect(schedule.state(at: at("2026-05-09 02:00")).playlist == "calm")
        #expect(schedule.state(at: at("2026-05-10 01:00")).playlist == "party")  // Sunday morning, Saturday's window
        #expect(schedule.state(at: at("2026-05-10 23:00")).playlist == "calm")  // Sunday night: none
        #expect(schedule.state(at: at("2026-05-11 01:00")).playlist == "calm")
        // A window ending at midnight exactly.
        let evening = Schedule(
            timeZone: berlin, defaultPlaylist: "x",
            rules: [ScheduleRule(playlist: "y", window: window(Set(Weekday.allCases), "18:00", "00:00"))])
        #expect(evening.state(at: at("2026-05-08 23:59")).playlist == "y")
        #expect(evening.state(at: at("2026-05-09 00:00")).playlist == "x")
    }

    @Test func theHighestPriorityWinsThenTheFirstListed() {
        let rules = [
            ScheduleRule(playlist: "low", window: window(Set(Weekday.allCases), "08:00", "20:00"), priority: 1),
            ScheduleRule(playlist: "high", window: window(Set(Weekday.allCases), "12:00", "14:00"), priority: 5),
            ScheduleRule(playlist: "tie-first", window: window(Set(Weekday.allCases), "16:00", "18:00"), priority: 1),
            ScheduleRule(playlist: "tie-second", window: window(Set(Weekday.allCases), "16:00", "18:00"), priority: 1),
            ScheduleRule(playlist: "lower", window: window(Set(Weekday.allCases), "13:00", "15:00"), priority: 2),
        ]
        let schedule = Schedule(timeZone: berlin, defaultPlaylist: "none", rules: rules)
        #expect(schedule.state(at: at("2026-07-01 07:00")).playlist == "none")
        #expect(schedule.state(at: at("2026-07-01 09:00")).playlist == "low")
        #expect(schedule.state(at: at("2026-07-01 13:30")).playlist == "high")
        #expect(schedule.state(at: at("2026-07-01 14:30")).playlist == "lower")
        #expect(schedule.state(at: at("2026-07-01 17:00")).playlist == "low")
        let segments = schedule.segments(from: at("2026-07-01 00:00"), to: at("2026-07-02 00:00"))
        #expect(segments.map(\.state.playlist) == ["none", "low", "high", "lower", "low", "none"])
    }

    @Test func dateRangesIncludeTheirFirstAndLastDays() {
        let range = day("2026-12-20")...day("2026-12-26")
        let schedule = Schedule(
            timeZone: berlin, defaultPlaylist: "normal",
            rules: [ScheduleRule(playlist: "xmas", window: TimeWindow(dates: range), priority: 9)])
        #expect(schedule.state(at: at("2026-12-19 23:59")).playlist == "normal")
        #expect(schedule.state(at: at("2026-12-20 00:00")).playlist == "xmas")
        #expect(schedule.state(at: at("2026-12-26 23:59")).playlist == "xmas")
        #expect(schedule.state(at: at("2026-12-27 00:00")).playlist == "normal")
        #expect(schedule.nextChange(after: at("2026-06-01 12:00")) == at("2026-12-20 00:00"))
        #expect(schedule.nextChange(after: at("2027-01-01 00:00")) == nil)
    }

    @Test func otherZonesAreHonoured() {
        let utcRule = Schedule(
            timeZone: .gmt, defaultPlaylist: "a",
            rules: [ScheduleRule(playlist: "b", window: window(Set(Weekday.allCases), "09:00", "10:00"))])
        let tokyo = Schedule(
            timeZone: TimeZone(identifier: "Asia/Tokyo") ?? .gmt, defaultPlaylist: "a",
            rules: [ScheduleRule(playlist: "b", window: window(Set(Weekday.allCases), "09:00", "10:00"))])
        let midnight: Int = 1_780_000_000 - 1_780_000_000 % 86_400
        let instant = Date(timeIntervalSince1970: Double(midnight + 9 * 3600 + 60))  // 09:01 UTC
        #expect(utcRule.state(at: instant).playlist == "b")
        #expect(tokyo.state(at: instant).playlist == "a")
        #expect(tokyo.state(at: instant.addingTimeInterval(-9 * 3600)).playlist == "b")
    }
}
