import Glibc

/// A reading of the monotonic clock (seconds from an arbitrary start of its own): it never
/// jumps with the wall clock, so it measures how long files take to settle, spaces out what is
/// rate-limited, and bounds what must end in time (an HTTP request, a decode, a download's
/// retry). Only a difference of two readings means anything.
public struct MonotonicInstant: Hashable, Comparable, Sendable {
    /// Seconds since the clock's own start.
    public var seconds: Double

    public init(seconds: Double) { self.seconds = seconds }

    /// A `timespec`'s whole seconds and nanoseconds (as `clock_gettime` and the kernel's event
    /// stamps give them).
    public init(seconds whole: Int, nanoseconds: Int) {
        self.seconds = Double(whole) + Double(nanoseconds) / 1e9
    }

    /// Reads `CLOCK_MONOTONIC`. The behaviour's core never calls this: its instants are passed in.
    public static func now() -> MonotonicInstant {
        var time = timespec()
        // CLOCK_MONOTONIC always exists on Linux and `time` is valid: the call cannot fail.
        _ = clock_gettime(CLOCK_MONOTONIC, &time)
        return MonotonicInstant(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
    }

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
