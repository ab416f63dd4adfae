/// A time on the wall clock within a day, 00:00 to 24:00, in seconds.
public struct TimeOfDay: Equatable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var seconds: Int

    public init?(seconds: Int) {
        guard (0...86_400).contains(seconds) else { return nil }
        self.seconds = seconds
    }

    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0...24).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        self.init(seconds: hour * 3600 + minute * 60 + second)
    }

    public static let midnight = TimeOfDay(secondsUnchecked: 0)
    public static let endOfDay = TimeOfDay(secondsUnchecked: 86_400)

    private init(secondsUnchecked: Int) {
        seconds = secondsUnchecked
    }

    /// Parses `HH:MM` or `HH:MM:SS` (24-hour clock; `24:00` is the end of the day).
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let h = Int(parts[0]), let m = Int(parts[1])
        else { return nil }
        let s = parts.count == 3 ? Int(parts[2]) : 0
        guard let s else { return nil }
        self.init(hour: h, minute: m, second: s)
    }

    /// `HH:MM`, or `HH:MM:SS` when there are seconds.
    public var description: String {
        func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let text = "\(pad(seconds / 3600)):\(pad(seconds / 60 % 60))"
        return seconds % 60 == 0 ? text : text + ":\(pad(seconds % 60))"
    }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.seconds < b.seconds }
}
