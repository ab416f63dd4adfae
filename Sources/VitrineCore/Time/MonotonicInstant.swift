/// A reading of the monotonic clock (seconds from an arbitrary start of its own): it never
/// jumps with the wall clock, so it measures how long files take to settle and spaces out
/// what is rate-limited. Only a difference of two readings means anything.
public struct MonotonicInstant: Hashable, Comparable, Sendable {
    /// Seconds since the clock's own start.
    public var seconds: Double

    public init(seconds: Double) { self.seconds = seconds }

    /// Long before any reading: "never" for the last time something happened.
    public static let distantPast = MonotonicInstant(seconds: -Double.infinity)
    /// Long after any reading: "at once and for good", for a reload's or a stop's immediate step.
    public static let distantFuture = MonotonicInstant(seconds: Double.infinity)

    public static func - (a: MonotonicInstant, b: MonotonicInstant) -> Seconds { Seconds(a.seconds - b.seconds) }
    public static func + (a: MonotonicInstant, b: Seconds) -> MonotonicInstant {
        MonotonicInstant(seconds: a.seconds + b.value)
    }
    public static func < (a: MonotonicInstant, b: MonotonicInstant) -> Bool { a.seconds < b.seconds }
}
