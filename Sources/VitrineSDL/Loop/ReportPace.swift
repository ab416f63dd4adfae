import VitrineCore

/// How often the loop tells the world about the show: the state for remotes at most every
/// `stateInterval` (and at once when the clock went back), a `--print-state` line only
/// when what it says changed.
struct ReportPace: Equatable, Sendable {
    static let stateInterval: Seconds = 0.25
    private var lastState = MonotonicInstant.distantPast
    private var lastPrinted: String?
    /// Whether a state was put off by the pace (the show may have changed since the last one sent).
    private var putOff = false

    /// Whether the remote state is due at `time`; if so, it counts as sent.
    mutating func stateDue(at time: MonotonicInstant) -> Bool {
        guard time - lastState >= Self.stateInterval || time < lastState else {
            putOff = true
            return false
        }
        lastState = time
        putOff = false
        return true
    }

    /// How long until the state put off is due, nil when none was: a loop at rest wakes for it,
    /// or a second command within a quarter second of the first would reach remotes only at
    /// the loop's next deadline.
    func stateWait(at time: MonotonicInstant) -> Seconds? {
        putOff ? max(Seconds(0), (lastState + Self.stateInterval) - time) : nil
    }

    /// Whether the line keyed `key` differs from the last one printed; if so, it counts as printed.
    mutating func printDue(_ key: String) -> Bool {
        guard key != lastPrinted else { return false }
        lastPrinted = key
        return true
    }
}
