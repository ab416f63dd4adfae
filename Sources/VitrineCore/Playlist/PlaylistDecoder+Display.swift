/// The `display` section: off windows, hook commands, and what the player does to the
/// display itself (DPMS, backlight with dim windows, HDMI-CEC). A configuration file's
/// `display` key is read by the same code.
extension PlaylistDecoder {
    static let displayFields = [
        "off", "onCommand", "offCommand", "commandTimeout", "wakeMinutes", "dpms", "backlight", "dim", "cec",
        "presence",
    ]
    static let backlightFields = ["root", "device", "level", "fade"]
    static let dimFields = ["days", "from", "to", "dates", "level"]
    static let cecFields = ["devices", "timeout", "name"]

    /// A `display` section on its own (a configuration file's): the settings and every problem,
    /// paths starting at `display`.
    public static func decodeDisplaySection(_ node: JSONNode, file: String) -> (
        spec: DisplaySpec, diagnostics: [Diagnostic]
    ) {
        var decoder = PlaylistDecoder(file: file, probe: { _ in .missing })
        let spec = decoder.decodeDisplay(node)
        return (spec, decoder.reader.diagnostics)
    }

    mutating func decodeDisplay(_ node: JSONNode) -> DisplaySpec {
        var spec = DisplaySpec()
        guard let f = reader.object(node, "display", fields: Self.displayFields) else { return spec }
        spec.off = windows(f["off"], "display.off", level: false).map(\.window)
        spec.onCommand = command(f["onCommand"], "display.onCommand")
        spec.offCommand = command(f["offCommand"], "display.offCommand")
        if let seconds = reader.seconds(f["commandTimeout"], "display.commandTimeout") {
            spec.commandTimeout = seconds
            spec.timeoutGiven = true
        }
        if let node = f["wakeMinutes"] {
            if let minutes = node.number, minutes > 0 {
                spec.wakeMinutes = minutes
            } else {
                reader.error("display.wakeMinutes", "must be a positive number of minutes", at: node.position)
            }
        }
        spec.dpms = reader.bool(f["dpms"], "display.dpms")
        spec.backlight = f["backlight"].flatMap { backlight($0) }
        spec.dim = windows(f["dim"], "display.dim", level: true)
        spec.cec = f["cec"].flatMap { cec($0) }
        spec.presence = f["presence"].flatMap { presence($0) }
        return spec
    }

    /// Off windows (`level: false`) or dim windows (each with its `level`).
    private mutating func windows(_ node: JSONNode?, _ path: String, level: Bool) -> [DimWindow] {
        let example =
            level
            ? "{ \"from\": \"20:00\", \"to\": \"23:00\", \"level\": 0.2 }"
            : "{ \"from\": \"23:00\", \"to\": \"07:00\" }"
        guard let list = reader.list(node, path, of: "windows (\(example))") else { return [] }
        var out: [DimWindow] = []
        for (i, element) in list.enumerated() {
            let elementPath = "\(path)[\(i)]"
            guard let wf = reader.object(element, elementPath, fields: level ? Self.dimFields : Self.windowFields)
            else { continue }
            if wf["from"] == nil, wf["to"] == nil, wf["days"] == nil, wf["dates"] == nil {
                reader.error(
                    elementPath, "needs \"from\" and \"to\" (and optionally \"days\", \"dates\")", at: element.position)
                continue
            }
            var dimLevel = 0.0
            if level {
                guard let value = fraction(wf["level"], elementPath + ".level", at: element.position) else { continue }
                dimLevel = value
            }
            if let window = decodeWindow(wf, elementPath, at: element.position) {
                out.append(DimWindow(window: window, level: dimLevel))
            }
        }
        return out
    }

    /// A level from 0 to 1; an error when missing or out of range.
    private mutating func fraction(_ node: JSONNode?, _ path: String, at position: TextPosition) -> Double? {
        guard let node else {
            reader.error(path, "missing; give a level from 0 (dark) to 1 (full)", at: position)
            return nil
        }
        guard let value = node.number, value >= 0, value <= 1 else {
            reader.error(path, "must be a number from 0 (dark) to 1 (full brightness)", at: node.position)
            return nil
        }
        return value
    }

    /// `true` (the first device under /sys/class/backlight), a device name, or an object.
    private mutating func backlight(_ node: JSONNode) -> BacklightSpec? {
        var spec = BacklightSpec()
        if let flag = node.bool { return flag ? spec : nil }
        if let name = node.string {
            return deviceName(name, "display.backlight", at: node.position).map { _ in
                spec.device = name
                return spec
            }
        }
        guard let f = reader.object(node, "display.backlight", fields: Self.backlightFields) else { return nil }
        if let root = reader.string(f["root"], "display.backlight.root", what: "a folder path") {
            if root.hasPrefix("/") {
                spec.root = root
            } else {
                reader.error(
                    "display.backlight.root", "must be an absolute folder path such as /sys/class/backlight",
                    at: f["root"]?.position)
            }
        }
        if let name = reader.string(f["device"], "display.backlight.device", what: "a device name") {
            spec.device = deviceName(name, "display.backlight.device", at: f["device"]?.position)
        }
        if let node = f["level"] { spec.level = fraction(node, "display.backlight.level", at: node.position) ?? 1 }
        if let node = f["fade"] {
            if let seconds = node.number, seconds >= 0, seconds <= 60 {
                spec.fade = Seconds(seconds)
            } else {
                reader.error("display.backlight.fade", "must be seconds from 0 to 60", at: node.position)
            }
        }
        return spec
    }

    private mutating func deviceName(_ name: String, _ path: String, at position: TextPosition?) -> String? {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            reader.error(
                path, "must be the name of a folder under /sys/class/backlight, such as intel_backlight",
                at: position)
            return nil
        }
        return name
    }

    /// `true` (every /dev/cec*), or an object with `devices`, `timeout` and `name`.
    private mutating func cec(_ node: JSONNode) -> CECSpec? {
        var spec = CECSpec()
        if let flag = node.bool { return flag ? spec : nil }
        guard let f = reader.object(node, "display.cec", fields: Self.cecFields) else { return nil }
        if let list = reader.list(f["devices"], "display.cec.devices", of: "device paths (\"/dev/cec0\")") {
            for (i, element) in list.enumerated() {
                guard let path = element.string, path.hasPrefix("/") else {
                    reader.error(
                        "display.cec.devices[\(i)]", "must be a device path such as /dev/cec0", at: element.position)
                    continue
                }
                spec.devices.append(path)
            }
        }
        if let node = f["timeout"] {
            if let seconds = node.number, seconds > 0, seconds <= 30 {
                spec.timeout = Seconds(seconds)
            } else {
                reader.error("display.cec.timeout", "must be seconds from 0 to 30 (more than 0)", at: node.position)
            }
        }
        if let name = reader.string(f["name"], "display.cec.name", what: "a name") {
            if name.isEmpty || name.utf8.count > 14
                || !name.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 })
            {
                reader.error(
                    "display.cec.name", "must be 1 to 14 plain ASCII characters (the TV shows it)",
                    at: f["name"]?.position)
            } else {
                spec.name = name
            }
        }
        return spec
    }
}
