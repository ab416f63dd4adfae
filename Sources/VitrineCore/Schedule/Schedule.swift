import Foundation

/// Named playlists by time of day and day of week, and the display's off
/// windows, in one time zone. Pure: the instant is always passed in.
public struct Schedule: Equatable, Sendable {
    public var timeZone: TimeZone
    /// What plays when no rule matches.
    public var defaultPlaylist: String
    public var rules: [ScheduleRule]
    /// When the display is off.
    public var displayOff: [TimeWindow]

    public init(
        timeZone: TimeZone, defaultPlaylist: String, rules: [ScheduleRule] = [], displayOff: [TimeWindow] = []
    ) {
        self.timeZone = timeZone
        self.defaultPlaylist = defaultPlaylist
        self.rules = rules
        self.displayOff = displayOff
    }

    public var clock: ZoneClock { ZoneClock(timeZone) }

    /// The longest stretch searched for the next change.
    public static let horizonDays = 800

    /// The state at `instant`.
    public func state(at instant: Date) -> ScheduleState {
        let clock = self.clock
        var best: ScheduleRule?
        for rule in rules where rule.window.contains(instant, in: clock) {
            if best.map({ rule.priority > $0.priority }) ?? true { best = rule }
        }
        let off = displayOff.contains { $0.contains(instant, in: clock) }
        return ScheduleState(playlist: best?.playlist ?? defaultPlaylist, displayOn: !off)
    }

    /// The first instant after `instant` at which the state differs from the
    /// state at `instant`; nil when nothing changes within `horizonDays`.
    public func nextChange(after instant: Date, horizonDays: Int = Schedule.horizonDays) -> Date? {
        let clock = self.clock
        let current = state(at: instant)
        let windows = rules.map(\.window) + displayOff
        guard !windows.isEmpty else { return nil }
        // Windows starting on a day have their boundaries after that day's
        // midnight, so once the days up to `cutoff` are collected, every
        // boundary before the cutoff is known and they can be checked in order.
        var day = clock.local(instant).date.adding(days: -1)
        let lastDay = day.adding(days: horizonDays)
        var pending: [Date] = []
        while day <= lastDay {
            let chunkEnd = day.adding(days: 7)
            for offset in 0..<7 {
                pending += windows.flatMap { $0.boundaries(startingOn: day.adding(days: offset), in: clock) }
            }
            let cutoff = clock.instant(chunkEnd, .midnight)
            var later: [Date] = []
            for boundary in Set(pending).sorted() where boundary > instant {
                if boundary >= cutoff {
                    later.append(boundary)
                } else if state(at: boundary) != current {
                    return boundary
                }
            }
            pending = later
            day = chunkEnd
        }
        return nil
    }

    /// The stretches of constant state covering `start..<end`.
    public func segments(from start: Date, to end: Date) -> [ScheduleSegment] {
        var segments: [ScheduleSegment] = []
        var t = start
        while t < end {
            let state = self.state(at: t)
            let next = min(nextChange(after: t) ?? end, end)
            segments.append(ScheduleSegment(start: t, end: next, state: state))
            t = next
        }
        return segments
    }
}
