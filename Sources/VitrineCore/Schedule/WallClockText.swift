import Foundation

/// Reads and writes wall-clock instants as `--clock` and `--from` take them:
/// `2026-12-24T18:00:00` (in the default zone), followed by nothing, `Z`,
/// an offset (`+01:00`), or a zone name (`[Europe/Berlin]` or ` Europe/Berlin`).
/// A date alone (`2026-12-24`) means its midnight.
public enum WallClockText {
    /// The instant `text` names, or nil when it is not in one of the forms above.
    public static func parse(_ text: String, defaultZone: TimeZone) -> Date? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        guard rest.count >= 10, let date = LocalDate(rest.prefix(10)) else { return nil }
        rest = rest.dropFirst(10)
        var time = TimeOfDay.midnight
        if let first = rest.first,
            first == "T" || first == "t" || first == " " && rest.dropFirst().first?.isNumber == true
        {
            rest = rest.dropFirst()
            let end = rest.firstIndex { !($0.isNumber || $0 == ":") } ?? rest.endIndex
            guard let parsed = TimeOfDay(rest[..<end]), parsed < .endOfDay else { return nil }
            time = parsed
            rest = rest[end...]
            // Fractions of a second are accepted and dropped.
            if rest.first == "." {
                rest = rest.dropFirst().drop { $0.isNumber }
            }
        }
        rest = rest.drop { $0 == " " }
        if rest.isEmpty { return ZoneClock(defaultZone).instant(date, time) }
        if rest == "Z" || rest == "z" { return instant(date, time, offset: 0) }
        if let sign = rest.first, sign == "+" || sign == "-" {
            let digits = rest.dropFirst().filter { $0 != ":" }
            guard digits.count == 4, digits.allSatisfy(\.isNumber), let hh = Int(digits.prefix(2)),
                let mm = Int(digits.suffix(2)), hh <= 18, mm < 60
            else { return nil }
            let offset = (hh * 3600 + mm * 60) * (sign == "-" ? -1 : 1)
            return instant(date, time, offset: offset)
        }
        var name = rest
        if name.first == "[" {
            guard name.last == "]" else { return nil }
            name = name.dropFirst().dropLast()
        }
        guard let zone = TimeZone(identifier: String(name)) else { return nil }
        return ZoneClock(zone).instant(date, time)
    }

    private static func instant(_ date: LocalDate, _ time: TimeOfDay, offset: Int) -> Date {
        Date(timeIntervalSince1970: Double(date.daysSinceEpoch * 86_400 + time.seconds - offset))
    }

    /// `YYYY-MM-DDTHH:MM:SS±HH:MM` in `zone`.
    public static func format(_ instant: Date, in zone: TimeZone) -> String {
        let (date, time) = ZoneClock(zone).local(instant)
        let offset = zone.secondsFromGMT(for: instant)
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let clock = "\(pad(time.seconds / 3600)):\(pad(time.seconds / 60 % 60)):\(pad(time.seconds % 60))"
        return "\(date)T\(clock)\(sign)\(pad(minutes / 60)):\(pad(minutes % 60))"
    }

    /// The help text for options that take an instant.
    public static let help = "YYYY-MM-DDTHH:MM[:SS] with an optional Z, ±HH:MM or [Zone/Name]"
}
