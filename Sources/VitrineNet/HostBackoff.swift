import Foundation
import VitrineCore

/// The per-host backoff: each failure doubles the wait (with jitter), a success clears it.
struct HostBackoff: Sendable {
    var failures = 0
    /// No download to the host before this instant.
    var until = MonotonicInstant.distantPast

    /// The wait after `failures` failures in a row, before jitter: `base`, then twice as long
    /// per failure, at most `maximum`.
    static func wait(failures: Int, base: Seconds, maximum: Seconds) -> Seconds {
        min(maximum, base * pow(2, Double(min(failures - 1, 30))))
    }

    /// A failure at `now`: the host waits `wait(failures:base:maximum:)` from it, ±50 %.
    mutating func failed(
        now: MonotonicInstant, base: Seconds, maximum: Seconds, jitter: Double = .random(in: 0.5...1.5)
    ) {
        failures += 1
        until = now + Self.wait(failures: failures, base: base, maximum: maximum) * jitter
    }

    mutating func succeeded() {
        failures = 0
        until = .distantPast
    }
}
