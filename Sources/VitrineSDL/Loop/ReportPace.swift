import VitrineCore

/// How often the loop tells the world about the show: the state for remotes at most every
/// `stateInterval` (and at once when the clock went back), a `--print-state` line only
/// when what it says changed.
struct ReportPace: Equatable, Sendable {
    static let stateInterval: Seconds = 0.25
    private var lastState = MonotonicInstant.distantPast
    private var lastPrinted: String?

    /// Whether the remote state is due at `time`; if so, it counts as sent.
    mutating func stateDue(at time: MonotonicInstant) -> Bool {
        guard time - lastState >= Self.stateInterval || time < lastState else { return false }
        lastState = time
        return true
    }

    /// Whether the line keyed `key` differs from the last one printed; if so, it counts as printed.
    mutating func printDue(_ key: String) -> Bool {
        guard key != lastPrinted else { return false }
        lastPrinted = key
        return true
    }
}
