import Synchronization
import VitrineCore

/// Where presence sources (an MQTT topic, an evdev key, a GPIO line) leave their reports for the
/// frame loop, which takes them once a frame. Bounded: a flood keeps the newest reports.
public final class PresenceInbox: Sendable {
    private let reports = Mutex<[PresenceReport]>([])
    /// Called after each report, from the source's thread (wakes a resting loop).
    private let doorbell = Mutex<(@Sendable () -> Void)?>(nil)
    /// Reports held at most.
    public static let capacity = 64

    public init() {}

    /// Calls `ring` after each report from now on.
    public func onPost(_ ring: @escaping @Sendable () -> Void) {
        doorbell.withLock { $0 = ring }
    }

    /// A source's report.
    public func post(_ report: PresenceReport) {
        reports.withLock { reports in
            reports.append(report)
            if reports.count > Self.capacity { reports.removeFirst(reports.count - Self.capacity) }
        }
        doorbell.withLock { $0 }?()
    }

    /// Everything reported since the last call, oldest first.
    public func take() -> [PresenceReport] {
        reports.withLock { reports in
            defer { reports.removeAll(keepingCapacity: true) }
            return reports
        }
    }
}
