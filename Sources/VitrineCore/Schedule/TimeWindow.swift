import Foundation

/// When something applies: some days of the week, a time of day window (which
/// may cross midnight), and optionally a range of dates. The days and dates
/// are those of the evening a window crossing midnight starts on.
public struct TimeWindow: Equatable, Sendable {
    public var days: Set<Weekday>
    public var from: TimeOfDay
    /// The end; at or before `from` means the window ends the next day.
    public var to: TimeOfDay
    /// First and last day (inclusive) on which the window starts; nil means every day.
    public var dates: ClosedRange<LocalDate>?

    public init(
        days: Set<Weekday> = Set(Weekday.allCases), from: TimeOfDay = .midnight, to: TimeOfDay = .endOfDay,
        dates: ClosedRange<LocalDate>? = nil
    ) {
        self.days = days
        self.from = from
        self.to = to
        self.dates = dates
    }

    public var crossesMidnight: Bool { to <= from }

    /// Whether a window starts on `day`.
    public func starts(on day: LocalDate) -> Bool {
        days.contains(day.weekday) && (dates?.contains(day) ?? true)
    }

    /// The instants the window starting on `day` covers, half-open; nil when it does not start that day.
    public func interval(startingOn day: LocalDate, in clock: ZoneClock) -> Range<Date>? {
        guard starts(on: day) else { return nil }
        let start = clock.instant(day, from)
        let end = clock.instant(crossesMidnight ? day.adding(days: 1) : day, to)
        return end > start ? start..<end : nil
    }

    /// Whether `instant` lies in one of the window's intervals.
    public func contains(_ instant: Date, in clock: ZoneClock) -> Bool {
        let day = clock.local(instant).date
        // A window starting the day before may still be open.
        for start in [day.adding(days: -1), day] {
            if let range = interval(startingOn: start, in: clock), range.contains(instant) { return true }
        }
        return false
    }

    /// The starts and ends of the intervals that begin on `day`.
    func boundaries(startingOn day: LocalDate, in clock: ZoneClock) -> [Date] {
        guard let range = interval(startingOn: day, in: clock) else { return [] }
        return [range.lowerBound, range.upperBound]
    }
}
