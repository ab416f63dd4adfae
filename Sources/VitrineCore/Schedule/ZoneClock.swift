import Foundation

/// Converts between instants and wall-clock times in one time zone, with
/// daylight-saving changes resolved one fixed way: a wall time maps to the
/// first instant at which the clock shows it or a later time. A time skipped
/// when clocks go forward maps to the moment of the jump; a time that happens
/// twice when clocks go back maps to its first occurrence. That way a window
/// opens and closes exactly once on the nights the clocks change.
public struct ZoneClock: Sendable {
    public let timeZone: TimeZone

    public init(_ timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// The wall clock's date and time of day at `instant`.
    public func local(_ instant: Date) -> (date: LocalDate, time: TimeOfDay) {
        let seconds = Int(floor(instant.timeIntervalSince1970)) + timeZone.secondsFromGMT(for: instant)
        let days = Int(floor(Double(seconds) / 86_400))
        let rest = seconds - days * 86_400
        return (LocalDate(daysSinceEpoch: days), TimeOfDay(seconds: rest) ?? .midnight)
    }

    /// The first instant at which the wall clock shows `time` on `date` or later.
    public func instant(_ date: LocalDate, _ time: TimeOfDay) -> Date {
        let naive = Double(date.daysSinceEpoch * 86_400 + time.seconds)
        let before = offset(naive - 43_200)
        let after = offset(naive + 43_200)
        var candidates: [Double] = []
        for o in Set([before, after]) {
            let t = naive - o
            if offset(t) == o { candidates.append(t) }
        }
        if let first = candidates.min() { return Date(timeIntervalSince1970: first) }
        // In a gap: the wall clock jumps over `time`; find the jump between the two guesses.
        var low = naive - max(before, after)
        var high = naive - min(before, after)
        let lowOffset = offset(low)
        while high - low > 1 {
            let mid = floor((low + high) / 2)
            if offset(mid) == lowOffset { low = mid } else { high = mid }
        }
        return Date(timeIntervalSince1970: high)
    }

    private func offset(_ t: Double) -> Double {
        Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: t)))
    }
}
