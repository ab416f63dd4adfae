import CSystemd
import VitrineCore

/// Sends state to systemd through libsystemd's sd_notify: a no-op when the
/// program was not started by a `Type=notify` unit (no NOTIFY_SOCKET).
public struct SystemdNotifier: Sendable {
    public init() {}

    /// The unit's watchdog timeout in seconds, from WATCHDOG_USEC (and
    /// WATCHDOG_PID when set); nil when the watchdog is off for this process.
    public static func watchdogSeconds() -> Seconds? {
        var microseconds: UInt64 = 0
        guard sd_watchdog_enabled(0, &microseconds) > 0, microseconds > 0 else { return nil }
        return Seconds(Double(microseconds) / 1_000_000)
    }

    /// Sends `messages` as one datagram. Returns false when there is no
    /// service manager to tell or sending failed; the show goes on either way.
    @discardableResult
    public func send(_ messages: [ServiceMessage]) -> Bool {
        guard !messages.isEmpty else { return true }
        let text = messages.map(\.text).joined(separator: "\n")
        return sd_notify(0, text) > 0
    }
}
