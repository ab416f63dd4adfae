import Foundation
import Synchronization

/// Failed sign-in (and setup-code) attempts per client: past `limit` in `window` seconds the
/// client is refused until the oldest failure leaves the window.
final class LoginThrottle: Sendable {
    let limit: Int
    let window: TimeInterval
    /// Clients remembered at most; the table cannot grow without bound.
    let capacity: Int
    private let failures = Mutex<[String: [Date]]>([:])

    init(limit: Int = 5, window: TimeInterval = 60, capacity: Int = 1024) {
        self.limit = limit
        self.window = window
        self.capacity = capacity
    }

    /// Seconds until `client` may try again; nil when it may now.
    func retryAfter(_ client: String, now: Date) -> TimeInterval? {
        failures.withLock { table in
            let recent = (table[client] ?? []).filter { now.timeIntervalSince($0) < window }
            table[client] = recent.isEmpty ? nil : recent
            guard recent.count >= limit, let oldest = recent.first else { return nil }
            return max(1, window - now.timeIntervalSince(oldest))
        }
    }

    func recordFailure(_ client: String, now: Date) {
        failures.withLock { table in
            if table[client] == nil, table.count >= capacity {
                table = table.filter { ($0.value.last.map { now.timeIntervalSince($0) } ?? window) < window }
                if table.count >= capacity, let any = table.keys.first { table[any] = nil }
            }
            table[client, default: []].append(now)
        }
    }

    func recordSuccess(_ client: String) {
        _ = failures.withLock { $0.removeValue(forKey: client) }
    }
}
