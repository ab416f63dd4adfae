import Foundation

/// `display.presence`: how long the display stays on with nobody present, and the sources
/// that say someone is (`mqtt`, `evdev`, `gpio`, `touch`).
extension PlaylistDecoder {
    static let presenceFields = ["off-after", "mqtt", "evdev", "gpio", "touch"]
    static let mqttPresenceFields = ["topic", "on", "off"]
    static let evdevPresenceFields = ["device", "key"]
    static let gpioPresenceFields = ["chip", "line", "active", "debounce"]

    mutating func presence(_ node: JSONNode) -> PresenceSpec? {
        guard let f = reader.object(node, "display.presence", fields: Self.presenceFields) else { return nil }
        var spec = PresenceSpec()
        if let after = f["off-after"] {
            if let seconds = Self.duration(after), seconds > 0, seconds <= 7 * 86_400 {
                spec.offAfter = Seconds(seconds)
            } else {
                reader.error(
                    "display.presence.off-after",
                    "must be a length of time such as \"10m\", \"90s\" or \"1h\" (or seconds), up to a week",
                    at: after.position)
            }
        }
        if let node = f["mqtt"] { spec.mqtt = mqttPresence(node) }
        if let node = f["evdev"] { spec.evdev = evdevPresence(node) }
        if let node = f["gpio"] { spec.gpio = gpioPresence(node) }
        spec.touch = reader.bool(f["touch"], "display.presence.touch") ?? true
        return spec
    }

    private mutating func mqttPresence(_ node: JSONNode) -> MQTTPresenceSpec? {
        if let topic = node.string { return presenceTopic(topic, at: node.position).map(MQTTPresenceSpec.init) }
        guard let f = reader.object(node, "display.presence.mqtt", fields: Self.mqttPresenceFields) else { return nil }
        guard let topicNode = f["topic"] else {
            reader.error("display.presence.mqtt", "needs \"topic\" (the sensor's state topic)", at: node.position)
            return nil
        }
        guard let text = reader.string(topicNode, "display.presence.mqtt.topic", what: "a topic"),
            var spec = presenceTopic(text, at: topicNode.position).map(MQTTPresenceSpec.init)
        else { return nil }
        for (key, path) in [("on", "display.presence.mqtt.on"), ("off", "display.presence.mqtt.off")] {
            guard let payload = reader.string(f[key], path, what: "a payload such as \"ON\"") else { continue }
            guard !payload.isEmpty, payload.utf8.count <= 64 else {
                reader.error(path, "must be 1 to 64 bytes", at: f[key]?.position)
                continue
            }
            if key == "on" { spec.presentPayload = payload } else { spec.absentPayload = payload }
        }
        if spec.presentPayload == spec.absentPayload {
            reader.error("display.presence.mqtt", "\"on\" and \"off\" must differ", at: node.position)
            return nil
        }
        return spec
    }

    private mutating func presenceTopic(_ topic: String, at position: TextPosition) -> String? {
        guard !topic.isEmpty, topic.utf8.count <= 256, !topic.contains("#"), !topic.contains("+"),
            !topic.unicodeScalars.contains(where: { $0.value < 0x20 })
        else {
            reader.error(
                "display.presence.mqtt",
                "the topic must be one topic (no + or #), such as "
                    + "\"homeassistant/binary_sensor/hall/state\"", at: position)
            return nil
        }
        return topic
    }

    private mutating func evdevPresence(_ node: JSONNode) -> EvdevPresenceSpec? {
        if let device = node.string {
            return devicePath(device, at: node.position).map { EvdevPresenceSpec(device: $0) }
        }
        guard let f = reader.object(node, "display.presence.evdev", fields: Self.evdevPresenceFields) else {
            return nil
        }
        guard let deviceNode = f["device"],
            let text = reader.string(deviceNode, "display.presence.evdev.device", what: "a device path"),
            let device = devicePath(text, at: deviceNode.position)
        else {
            if f["device"] == nil {
                reader.error(
                    "display.presence.evdev", "needs \"device\" (such as /dev/input/event3)", at: node.position)
            }
            return nil
        }
        var spec = EvdevPresenceSpec(device: device)
        if let key = f["key"] {
            if let code = key.number, code == code.rounded(), code >= 0, code < 0x300 {
                spec.code = Int(code)
            } else {
                reader.error(
                    "display.presence.evdev.key", "must be a key code from 0 to 767 (KEY_… in input-event-codes.h)",
                    at: key.position)
            }
        }
        return spec
    }

    private mutating func devicePath(_ path: String, at position: TextPosition) -> String? {
        guard path.hasPrefix("/"), !path.contains("\0") else {
            reader.error(
                "display.presence.evdev.device", "must be a device path such as /dev/input/event3", at: position)
            return nil
        }
        return path
    }

    private mutating func gpioPresence(_ node: JSONNode) -> GPIOPresenceSpec? {
        guard let f = reader.object(node, "display.presence.gpio", fields: Self.gpioPresenceFields) else { return nil }
        guard let chipNode = f["chip"], let lineNode = f["line"] else {
            reader.error(
                "display.presence.gpio", "needs \"chip\" (gpiochip0) and \"line\" (its offset)", at: node.position)
            return nil
        }
        let chip: String
        if let number = chipNode.number, number == number.rounded(), number >= 0, number < 1000 {
            chip = String(Int(number))
        } else if let text = chipNode.string, !text.isEmpty, !text.contains("\0"), text.utf8.count <= 256 {
            chip = text
        } else {
            reader.error(
                "display.presence.gpio.chip", "must be a chip's name, path, label or number", at: chipNode.position)
            return nil
        }
        guard let offset = lineNode.number, offset == offset.rounded(), offset >= 0, offset < 65_536 else {
            reader.error(
                "display.presence.gpio.line", "must be the line's offset on its chip (0, 1, …)", at: lineNode.position)
            return nil
        }
        var spec = GPIOPresenceSpec(chip: chip, line: Int(offset))
        if let active = f["active"] {
            switch active.string {
            case "high": spec.activeLow = false
            case "low": spec.activeLow = true
            default: reader.error("display.presence.gpio.active", "must be \"high\" or \"low\"", at: active.position)
            }
        }
        if let debounce = f["debounce"] {
            if let seconds = Self.duration(debounce), seconds >= 0, seconds <= 10 {
                spec.debounce = Seconds(seconds)
            } else {
                reader.error(
                    "display.presence.gpio.debounce", "must be a length of time up to 10 s, such as \"50ms\"",
                    at: debounce.position)
            }
        }
        return spec
    }

    /// Seconds from a number (seconds) or a text of numbers with units: `"10m"`, `"1h30m"`, `"90s"`, `"50ms"`.
    static func duration(_ node: JSONNode) -> Double? {
        if let number = node.number { return number.isFinite ? number : nil }
        guard let text = node.string else { return nil }
        return DurationText.seconds(text)
    }
}

/// A length of time written with units: `"10m"`, `"1h30m"`, `"90s"`, `"50ms"`, `"2.5s"`.
public enum DurationText {
    public static func seconds(_ text: String) -> Double? {
        var total = 0.0
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            let number = rest.prefix { $0.isNumber || $0 == "." }
            guard !number.isEmpty, let value = Double(number) else { return nil }
            rest = rest.dropFirst(number.count)
            let unit = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unit.count)
            switch unit {
            case "ms": total += value / 1000
            case "s", "": total += value
            case "m", "min": total += value * 60
            case "h": total += value * 3600
            default: return nil
            }
            if unit.isEmpty, !rest.isEmpty { return nil }
        }
        return total.isFinite ? total : nil
    }
}
