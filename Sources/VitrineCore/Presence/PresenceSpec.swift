/// `display.presence` as written: how long the display stays on with nobody in the room, and
/// which sources say someone is there (an MQTT occupancy topic, an evdev key such as a PIR wired
/// as `gpio-keys`, a GPIO line, touch). Any source saying "present" is enough.
public struct PresenceSpec: Equatable, Sendable {
    /// `"off-after"`: how long with nobody present before the display goes off (inside the
    /// schedule's on windows).
    public var offAfter: Seconds = 600
    /// `"mqtt"`: an occupancy topic on the player's broker (`--mqtt`).
    public var mqtt: MQTTPresenceSpec?
    /// `"evdev"`: a key of an input device; key down is present.
    public var evdev: EvdevPresenceSpec?
    /// `"gpio"`: a GPIO line through libgpiod.
    public var gpio: GPIOPresenceSpec?
    /// `"touch"`: whether a touch or key press counts as presence (yes unless `false`).
    public var touch = true

    public init(offAfter: Seconds = 600) {
        self.offAfter = offAfter
    }

    /// Whether any source other than touch is given: then a slide counts as seen only when
    /// someone was present during it.
    public var hasSources: Bool { mqtt != nil || evdev != nil || gpio != nil }
}

/// An MQTT topic whose payload says whether the room is occupied (a Home Assistant binary
/// sensor's state topic: `ON`/`OFF` by default).
public struct MQTTPresenceSpec: Equatable, Sendable {
    public var topic: String
    public var presentPayload = "ON"
    public var absentPayload = "OFF"

    public init(topic: String) {
        self.topic = topic
    }
}

/// An evdev input device (`/dev/input/eventN` or a `/dev/input/by-path/…` link) and the key whose
/// down means present; nil `code` takes any key.
public struct EvdevPresenceSpec: Equatable, Sendable {
    public var device: String
    /// The key's code (`KEY_…` number from linux/input-event-codes.h); nil for any key.
    public var code: Int?

    public init(device: String, code: Int? = nil) {
        self.device = device
        self.code = code
    }
}

/// A GPIO line read through libgpiod: the chip (`gpiochip0`, a path, a label or a number), the
/// line's offset, whether high or low means present, and how long a level must hold to count.
public struct GPIOPresenceSpec: Equatable, Sendable {
    public var chip: String
    public var line: Int
    /// Whether the line reads 0 when someone is present (a sensor that pulls low).
    public var activeLow = false
    /// How long a new level must hold before it counts.
    public var debounce: Seconds = 0.05

    public init(chip: String, line: Int) {
        self.chip = chip
        self.line = line
    }
}

/// One presence source's word: someone is there, or nobody is.
public struct PresenceReport: Equatable, Sendable {
    /// Which source (`mqtt`, `evdev`, `gpio`).
    public var source: String
    public var present: Bool

    public init(source: String, present: Bool) {
        self.source = source
        self.present = present
    }
}
