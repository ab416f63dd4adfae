import Foundation

/// strftime-style formatting of a wall-clock instant in a time zone, in pure
/// Swift: %H %M %S %I %p %d %e %m %y %Y %a %A %b %B %j %Z %z %n %%.
/// Unknown conversions are kept as written.
public struct TimeFormat: Sendable, Equatable {
    public var pattern: String
    public var timeZone: TimeZone

    public init(_ pattern: String, timeZone: TimeZone = .current) {
        self.pattern = pattern
        self.timeZone = timeZone
    }

    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// The formatted text for wall date `date`.
    public func string(at date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let year = c.year ?? 1970
        let month = c.month ?? 1
        let day = c.day ?? 1
        let hour = c.hour ?? 0
        let weekday = (c.weekday ?? 1) - 1
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var out = ""
        var chars = pattern.makeIterator()
        while let ch = chars.next() {
            guard ch == "%" else {
                out.append(ch)
                continue
            }
            guard let code = chars.next() else {
                out.append("%")
                break
            }
            switch code {
            case "H": out += two(hour)
            case "M": out += two(c.minute ?? 0)
            case "S": out += two(c.second ?? 0)
            case "I": out += two(hour % 12 == 0 ? 12 : hour % 12)
            case "p": out += hour < 12 ? "AM" : "PM"
            case "d": out += two(day)
            case "e": out += day < 10 ? " \(day)" : "\(day)"
            case "m": out += two(month)
            case "y": out += two(year % 100)
            case "Y": out += "\(year)"
            case "a": out += String(Self.weekdays[weekday].prefix(3))
            case "A": out += Self.weekdays[weekday]
            case "b": out += String(Self.months[month - 1].prefix(3))
            case "B": out += Self.months[month - 1]
            case "j":
                let dayOfYear = calendar.ordinality(of: .day, in: .year, for: date) ?? 1
                out += String(repeating: "0", count: max(0, 3 - String(dayOfYear).count)) + "\(dayOfYear)"
            case "Z": out += timeZone.abbreviation(for: date) ?? timeZone.identifier
            case "z":
                let offset = timeZone.secondsFromGMT(for: date)
                let sign = offset < 0 ? "-" : "+"
                out += sign + two(abs(offset) / 3600) + two(abs(offset) % 3600 / 60)
            case "n": out += "\n"
            case "%": out += "%"
            default: out += "%" + String(code)
            }
        }
        return out
    }

    /// When the text can next change: the next whole minute (of the Unix count) when the
    /// pattern shows no seconds, the next second otherwise.
    public func nextChange(after date: Date) -> Date {
        let unit: Double = pattern.contains("%S") ? 1 : 60
        return Date(unixSeconds: (date.unixSeconds / unit).rounded(.down) * unit + unit)
    }
}
