import CGPIOD
import VitrineCore
import VitrinePOSIX

#if canImport(Glibc)
    import Glibc
#endif

/// What presence needs of a GPIO line: wait for an edge with a time limit, and read its level.
/// `GPIODLine` is the real one (libgpiod); tests give a double written from libgpiod's documented
/// behaviour (`gpiod_line_event_wait`: 1 on an event, 0 on timeout; `gpiod_line_get_value` with
/// active-low applied).
public protocol GPIOLineReading: AnyObject, Sendable {
    /// Waits up to `timeout` for an edge; true when one came (its events are consumed).
    func waitForEdge(timeout: Seconds) throws(PresenceError) -> Bool
    /// The line's level now, active-low applied: true means active (someone present).
    func readActive() throws(PresenceError) -> Bool
}

/// One GPIO line requested through libgpiod v1.6 for both edges' events (as active-low when the
/// sensor pulls low), owned here: released and its chip closed when this goes. Every call's
/// result is checked; a failure says the chip, the line and the system's reason.
public final class GPIODLine: GPIOLineReading, @unchecked Sendable {
    // @unchecked: the chip and line are used by the one reader thread only, and freed in deinit.
    private let chip: OpaquePointer
    private let line: OpaquePointer
    private let name: String

    /// Opens `spec.chip` (a name such as gpiochip0, a path, a label or a number) and requests
    /// line `spec.line` for edge events as consumer `vitrine`.
    public init(_ spec: GPIOPresenceSpec) throws(PresenceError) {
        name = "GPIO \(spec.chip) line \(spec.line)"
        guard let chip = gpiod_chip_open_lookup(spec.chip) else {
            throw PresenceError("\(name): cannot open the chip: \(Errno.current)")
        }
        guard let line = gpiod_chip_get_line(chip, UInt32(spec.line)) else {
            let why = Errno.current
            gpiod_chip_close(chip)
            throw PresenceError("\(name): no such line on the chip: \(why)")
        }
        let flags = spec.activeLow ? Int32(truncatingIfNeeded: GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW) : 0
        guard gpiod_line_request_both_edges_events_flags(line, "vitrine", flags) == 0 else {
            let why = Errno.current
            gpiod_chip_close(chip)
            throw PresenceError("\(name): cannot request the line (is another program using it?): \(why)")
        }
        self.chip = chip
        self.line = line
    }

    deinit {
        // Both return nothing: libgpiod releases and closes without a word.
        gpiod_line_release(line)
        gpiod_chip_close(chip)
    }

    public func waitForEdge(timeout: Seconds) throws(PresenceError) -> Bool {
        let whole = max(0, timeout.value)
        var limit = timespec(tv_sec: Int(whole), tv_nsec: Int((whole - whole.rounded(.down)) * 1e9))
        let waited = gpiod_line_event_wait(line, &limit)
        if waited < 0 {
            let error = Errno.current
            if error == .interrupted { return false }
            throw PresenceError("\(name): cannot wait for an edge: \(error)")
        }
        guard waited == 1 else { return false }
        var event = gpiod_line_event()
        guard gpiod_line_event_read(line, &event) == 0 else {
            throw PresenceError("\(name): cannot read its event: \(Errno.current)")
        }
        return true
    }

    public func readActive() throws(PresenceError) -> Bool {
        let value = gpiod_line_get_value(line)
        guard value >= 0 else {
            throw PresenceError("\(name): cannot read its level: \(Errno.current)")
        }
        return value == 1
    }
}
