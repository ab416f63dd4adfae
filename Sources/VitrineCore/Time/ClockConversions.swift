import Foundation

// The one place where the clocks meet. A wall-clock date is Foundation's `Date` (the
// schedule, the synced timeline, the resume file and the remote state read it); show time is
// `ShowTime`; the monotonic clock is `MonotonicInstant`; a length of time is `Seconds`.

extension Date {
    /// The wall date `interval` later.
    public static func + (date: Date, interval: Seconds) -> Date { date.addingTimeInterval(interval.value) }
    /// How far apart two wall dates are.
    public static func - (a: Date, b: Date) -> Seconds { Seconds(a.timeIntervalSince(b)) }
    /// The wall date `seconds` after the Unix epoch (a clock's reading, a timeline's epoch).
    public init(unixSeconds: Double) { self.init(timeIntervalSince1970: unixSeconds) }
    /// A `timespec`'s whole seconds and nanoseconds since the Unix epoch (a file's `st_mtim`).
    public init(unixSeconds whole: Int, nanoseconds: Int) {
        self.init(timeIntervalSince1970: Double(whole) + Double(nanoseconds) / 1e9)
    }
    /// Seconds since the Unix epoch, as the synced timeline and the remote state count.
    public var unixSeconds: Double { timeIntervalSince1970 }
}

/// Where show time meets the wall clock: show time `show` is wall date `wall`, and both run
/// at the same rate from there (the programme's origin, a synced show's anchor).
public struct WallAnchor: Equatable, Sendable {
    public var show: ShowTime
    public var wall: Date

    public init(show: ShowTime, wall: Date) {
        self.show = show
        self.wall = wall
    }

    /// The show time at wall date `date`.
    public func showTime(at date: Date) -> ShowTime { show + (date - wall) }
    /// The wall date at show time `time`.
    public func wall(at time: ShowTime) -> Date { wall + (time - show) }
}
