import VitrineCore

/// The presence sources a document's `display.presence` names, opened and closed as it changes
/// (a reload): the evdev key and the GPIO line here; the MQTT topic is the remote bridge's, told
/// through `mqtt`. A source that cannot be opened is said once and left out; the others work.
/// Driven from the frame loop (`follow`), so it is used from one thread.
public final class PresenceSources {
    public let inbox: PresenceInbox
    /// Told of the MQTT topic to follow (nil: none) each time it changes.
    public var mqtt: (MQTTPresenceSpec?) -> Void = { _ in }
    /// Opens a GPIO line (libgpiod by default; a test double in tests).
    public var openLine: (GPIOPresenceSpec) throws(PresenceError) -> any GPIOLineReading = {
        spec throws(PresenceError) in try GPIODLine(spec)
    }
    private var spec: PresenceSpec?
    private var evdev: EvdevPresence?
    private var gpio: GPIOPresence?
    private var first = true
    private let log = Log("presence")

    public init(inbox: PresenceInbox = PresenceInbox()) {
        self.inbox = inbox
    }

    deinit { stop() }

    /// Closes every source (the MQTT topic is left with the bridge).
    public func stop() {
        evdev?.stop()
        evdev = nil
        gpio?.stop()
        gpio = nil
    }

    /// The reports since the last call, oldest first.
    public func take() -> [PresenceReport] { inbox.take() }

    /// The document's presence section now; opens and closes what changed.
    public func follow(_ wanted: PresenceSpec?) {
        guard first || wanted != spec else { return }
        let old = spec
        spec = wanted
        if first || wanted?.mqtt != old?.mqtt { mqtt(wanted?.mqtt) }
        first = false
        if wanted?.evdev != old?.evdev {
            evdev?.stop()
            evdev = nil
            if let device = wanted?.evdev { evdev = openEvdev(device) }
        }
        if wanted?.gpio != old?.gpio {
            gpio?.stop()
            gpio = nil
            if let line = wanted?.gpio { gpio = openGPIO(line) }
        }
    }

    private func openEvdev(_ spec: EvdevPresenceSpec) -> EvdevPresence? {
        do throws(PresenceError) {
            let source = try EvdevPresence(spec, inbox: inbox)
            try source.start()
            log.info("presence from \(spec.device)\(spec.code.map { " key \($0)" } ?? "")")
            return source
        } catch {
            log.warning("\(error); presence from it is left out")
            return nil
        }
    }

    private func openGPIO(_ spec: GPIOPresenceSpec) -> GPIOPresence? {
        do throws(PresenceError) {
            let line = try openLine(spec)
            let name = "GPIO \(spec.chip) line \(spec.line)"
            let source = GPIOPresence(line: line, debounce: spec.debounce, name: name, inbox: inbox)
            try source.start()
            log.info("presence from \(name) (active \(spec.activeLow ? "low" : "high"))")
            return source
        } catch {
            log.warning("\(error); presence from it is left out")
            return nil
        }
    }
}
