/// A message for the service manager, in sd_notify's `NAME=value` form.
public enum ServiceMessage: Equatable, Sendable {
    /// The first frame is on the screen.
    case ready
    /// Still alive: frames are being presented.
    case watchdog
    /// One line saying what the program is doing.
    case status(String)
    /// Shutting down on request.
    case stopping
    /// Reloading configuration.
    case reloading

    /// The line sd_notify sends.
    public var text: String {
        switch self {
        case .ready: return "READY=1"
        case .watchdog: return "WATCHDOG=1"
        case .status(let line): return "STATUS=" + line
        case .stopping: return "STOPPING=1"
        case .reloading: return "RELOADING=1"
        }
    }
}

/// Decides what to tell the service manager, from the times at which frames
/// were actually presented: READY once the first frame with content is up, WATCHDOG at
/// about half the watchdog interval but only when a frame was presented since
/// the last one, and STATUS when what is showing changes.
///
/// It is driven by the render loop alone and has no timer of its own, so a
/// loop that stops presenting (a hung driver, a deadlock) stops the pings and
/// the service manager restarts the program.
public struct WatchdogPolicy: Sendable {
    /// Time between pings; nil when no watchdog is configured.
    public let pingInterval: Seconds?
    /// Shortest gap between two STATUS messages, so a fast show does not flood the journal.
    public let statusInterval: Seconds
    public private(set) var isReady = false
    private var lastPing: MonotonicInstant?
    private var lastStatus: String?
    private var lastStatusTime: MonotonicInstant?

    /// `watchdogSeconds` is the service manager's watchdog timeout (WATCHDOG_USEC),
    /// nil when there is none; pings go out at half of it.
    public init(watchdogSeconds: Seconds?, statusInterval: Seconds = 1) {
        if let seconds = watchdogSeconds, seconds > .zero, seconds.isFinite {
            pingInterval = seconds * 0.5
        } else {
            pingInterval = nil
        }
        self.statusInterval = statusInterval
    }

    /// Another STATUS line was sent by someone else (such as "reloading"): the next frame says
    /// what is showing again, whether or not it changed.
    public mutating func statusReplaced() {
        lastStatus = nil
        lastStatusTime = nil
    }

    /// A frame was presented at `time` while `status` was showing;
    /// `showsContent` tells whether it is one worth being READY for: the first photo drawn
    /// in full (not a black frame before it, nor its fade-in), a status screen, or the
    /// display off as scheduled. Returns the messages to send now, in order.
    public mutating func framePresented(at time: MonotonicInstant, status: String, showsContent: Bool = true)
        -> [ServiceMessage]
    {
        var messages: [ServiceMessage] = []
        if !isReady, showsContent {
            isReady = true
            messages.append(.status(status))
            messages.append(.ready)
            lastStatus = status
            lastStatusTime = time
            if pingInterval != nil {
                messages.append(.watchdog)
                lastPing = time
            }
            return messages
        }
        messages += statusDue(at: time, status: status)
        if let interval = pingInterval, time - (lastPing ?? .distantPast) >= interval {
            messages.append(.watchdog)
            lastPing = time
        }
        return messages
    }

    /// A frame was not drawn at `time` (the picture rests) while `status` was showing: a STATUS
    /// line held back by `statusInterval` goes out once it may, though no frame is presented
    /// (no WATCHDOG: that one needs a presented frame). Returns the messages to send now and
    /// how long until a held-back line may go, nil when none waits.
    public mutating func frameRested(at time: MonotonicInstant, status: String) -> (
        messages: [ServiceMessage], wait: Seconds?
    ) {
        let messages = statusDue(at: time, status: status)
        guard isReady, status != lastStatus, let last = lastStatusTime else { return (messages, nil) }
        return (messages, max(.zero, last + statusInterval - time))
    }

    /// A STATUS line for `status` when it changed and the pace lets it go at `time`.
    private mutating func statusDue(at time: MonotonicInstant, status: String) -> [ServiceMessage] {
        guard isReady, status != lastStatus, time - (lastStatusTime ?? .distantPast) >= statusInterval else {
            return []
        }
        lastStatus = status
        lastStatusTime = time
        return [.status(status)]
    }
}
