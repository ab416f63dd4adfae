import Synchronization
import VitrineCore

#if canImport(Glibc)
    import Glibc
#endif

/// A presence source on a GPIO line: its level, once it has held for the debounce time, is
/// reported (active: present). Reads on a thread of its own, waking at least every quarter
/// second to see whether it is to stop.
public final class GPIOPresence: Sendable {
    private let line: any GPIOLineReading
    private let debounce: Seconds
    private let name: String
    private let inbox: PresenceInbox
    private let stopping = Mutex(false)
    private let end = ReaderEnd()
    private let log = Log("presence")
    /// Longest wait for an edge between two looks at `stop`.
    static let pollLimit: Seconds = 0.25

    public init(line: any GPIOLineReading, debounce: Seconds, name: String, inbox: PresenceInbox) {
        self.line = line
        self.debounce = debounce
        self.name = name
        self.inbox = inbox
    }

    /// Starts reading on a thread of its own.
    public func start() throws(PresenceError) {
        try end.start(name) { [self] in run() }
    }

    /// Ends the reader and waits for it (up to a second; it looks at least every quarter second).
    public func stop() {
        stopping.withLock { $0 = true }
        end.wait()
    }

    /// Whether the reader has ended (stopped, or the line failed).
    public var hasEnded: Bool { end.hasEnded }

    private static func now() -> MonotonicInstant { .now() }

    private func run() {
        var level = DebouncedLevel(debounce: debounce)
        do throws(PresenceError) {
            if let settled = level.read(try line.readActive(), at: Self.now()) { post(settled) }
            while !stopping.withLock({ $0 }) {
                let now = Self.now()
                let wait = min(Self.pollLimit, level.settlesAt.map { max(.zero, $0 - now) } ?? Self.pollLimit)
                if try line.waitForEdge(timeout: wait) {
                    if let settled = level.read(try line.readActive(), at: Self.now()) { post(settled) }
                } else if let settled = level.settle(at: Self.now()) {
                    post(settled)
                }
            }
        } catch {
            log.warning("\(error); presence from it ends")
        }
    }

    private func post(_ present: Bool) {
        inbox.post(PresenceReport(source: "gpio", present: present))
    }
}
