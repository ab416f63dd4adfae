import Foundation

/// When a photo was taken, as its EXIF says: the camera's wall-clock date and time there
/// (DateTimeOriginal, `YYYY:MM:DD HH:MM:SS`) and, when written, its offset from UTC
/// (OffsetTimeOriginal, `+02:00`). The date shown is the one the photo was taken on where it was
/// taken, whatever the frame's own time zone.
public struct TakenDate: Equatable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Seconds east of UTC, when the photo says.
    public var offset: Int?

    public enum Style: String, Sendable, CaseIterable {
        case medium, long, short, year, month, time
    }

    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// Reads `2024:05:17 14:03:00` (also with `-` or `T`, and an offset after the time or given
    /// apart); nil when it is not a real date (the `0000:00:00 00:00:00` some cameras write).
    public init?(_ text: String?, offset offsetText: String? = nil) {
        guard let text else { return nil }
        let digits = text.split { !$0.isNumber }.compactMap { Int($0) }
        guard digits.count >= 3, (1800...2200).contains(digits[0]), (1...12).contains(digits[1]),
            (1...31).contains(digits[2])
        else { return nil }
        year = digits[0]
        month = digits[1]
        day = digits[2]
        hour = digits.count > 3 && (0...23).contains(digits[3]) ? digits[3] : 0
        minute = digits.count > 4 && (0...59).contains(digits[4]) ? digits[4] : 0
        second = digits.count > 5 && (0...60).contains(digits[5]) ? digits[5] : 0
        guard let check = Self.gregorian.date(from: DateComponents(year: year, month: month, day: day)),
            Self.gregorian.component(.day, from: check) == day
        else { return nil }
        // An offset after the time (`2012-09-17T15:53:45-04:00`), else the one given apart.
        let inline = text.count > 19 ? String(text.dropFirst(19)) : nil
        offset = Self.offset(offsetText) ?? Self.offset(inline)
    }

    /// `+02:00`, `-0530`, `Z` → seconds east of UTC.
    static func offset(_ text: String?) -> Int? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text == "Z" { return 0 }
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let digits = text.dropFirst().filter(\.isNumber)
        guard digits.count == 4, let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)), hours <= 14,
            minutes < 60
        else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    static var gregorian: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? .current
        return calendar
    }

    /// The instant it was taken, when the offset is known (UTC seconds).
    public var instant: Double? {
        guard let offset else { return nil }
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return Self.gregorian.date(from: components).map { $0.timeIntervalSince1970 - Double(offset) }
    }

    public func text(_ style: Style) -> String {
        let monthName = Self.months[month - 1]
        switch style {
        case .medium: return "\(day) \(monthName) \(year)"
        case .long: return "\(weekday) \(day) \(monthName) \(year)"
        case .short: return String(format: "%04d-%02d-%02d", year, month, day)
        case .year: return String(year)
        case .month: return "\(monthName) \(year)"
        case .time: return String(format: "%02d:%02d", hour, minute)
        }
    }

    var weekday: String {
        let date = Self.gregorian.date(from: DateComponents(year: year, month: month, day: day))
        return date.map { Self.weekdays[Self.gregorian.component(.weekday, from: $0) - 1] } ?? ""
    }

    /// Whole years from the day it was taken to the frame's day at `now` in `zone`.
    public func yearsAgo(now: Date, zone: TimeZone) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        guard let y = today.year, let m = today.month, let d = today.day else { return 0 }
        return y - year - ((m, d) < (month, day) ? 1 : 0)
    }

    /// "3 years ago", "1 year ago"; nil before a year has passed.
    public func yearsAgoText(now: Date, zone: TimeZone) -> String? {
        let years = yearsAgo(now: now, zone: zone)
        guard years >= 1 else { return nil }
        return years == 1 ? "1 year ago" : "\(years) years ago"
    }

    /// Whether it was taken on the frame's calendar day at `now` (month and day) in an earlier year.
    public func isThisDay(inEarlierYearAt now: Date, zone: TimeZone) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        return today.month == month && today.day == day && (today.year ?? 0) > year
    }
}
