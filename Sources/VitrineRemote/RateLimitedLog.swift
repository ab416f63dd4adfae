import Synchronization
import VitrineCore

/// Log lines that bad input could repeat thousands of times a second (a flood of malformed
/// payloads): at most one line per kind per interval, the next one saying how many were left out.
public final class RateLimitedLog: Sendable {
    private let log: Log
    private let interval: Duration
    private let kinds = Mutex<[String: Entry]>([:])

    private struct Entry {
        var last: ContinuousClock.Instant
        var suppressed: Int
    }

    public init(_ log: Log, interval: Duration = .seconds(2)) {
        self.log = log
        self.interval = interval
    }

    /// Logs `message` unless a line of the same `kind` was logged within the interval.
    public func callAsFunction(_ level: Log.Level, kind: String, _ message: String) {
        let now = ContinuousClock.now
        let line: String? = kinds.withLock { kinds in
            if var entry = kinds[kind], now - entry.last < interval {
                entry.suppressed += 1
                kinds[kind] = entry
                return nil
            }
            let suppressed = kinds[kind]?.suppressed ?? 0
            if kinds.count > 64 { kinds.removeAll() }
            kinds[kind] = Entry(last: now, suppressed: 0)
            return suppressed > 0 ? "\(message) (and \(suppressed) more like it)" : message
        }
        if let line { log(level, line) }
    }
}
