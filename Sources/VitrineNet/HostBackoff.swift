import Foundation
import VitrineCore

/// The per-host backoff: each failure doubles the wait (with jitter), a success clears it.
struct HostBackoff: Sendable {
    var failures = 0
    var until: Double = 0

    mutating func failed(now: Double, base: Double, maximum: Double) {
        failures += 1
        let wait = min(maximum, base * pow(2, Double(min(failures - 1, 30))))
        until = now + wait * Double.random(in: 0.5...1.5)
    }

    mutating func succeeded() {
        failures = 0
        until = 0
    }
}
