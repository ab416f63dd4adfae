import Dispatch
import Synchronization
import VitrineCore

/// The end of a presence source's reader thread: `start` runs the reader and marks it as it returns, and
/// `stop()` waits on it, up to a limit on the monotonic clock, instead of polling. Once marked
/// it stays marked, and every waiter, now or later, passes at once.
final class ReaderEnd: Sendable {
    private let ended = Mutex(false)
    /// Signalled once on the mark; a waiter that takes the signal gives it back for the next.
    private let marked = DispatchSemaphore(value: 0)

    /// How long `stop()` waits for a reader that was told to end.
    static let stopLimit = Seconds(1)

    /// Runs `read` on a thread of its own, marking the end as it returns; the error names the
    /// source `name`.
    func start(_ name: String, reading read: @escaping @Sendable () -> Void) throws(PresenceError) {
        do {
            try WorkerThread.start { [self] in
                defer { mark() }
                read()
            }
        } catch {
            throw PresenceError("\(name): \(error)")
        }
    }

    /// Says the reader has ended (once, as it returns).
    func mark() {
        ended.withLock { $0 = true }
        marked.signal()
    }

    /// Whether the reader has ended.
    var hasEnded: Bool { ended.withLock { $0 } }

    /// Waits until the reader has ended or `limit` has passed; whether it has ended.
    @discardableResult
    func wait(upTo limit: Seconds = stopLimit) -> Bool {
        if hasEnded { return true }
        guard marked.wait(timeout: .now() + max(0, limit.value)) == .success else { return hasEnded }
        marked.signal()
        return true
    }
}
