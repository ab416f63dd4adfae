/// The show's state as the one-line JSON object `--print-state` prints.
public struct StateReport: Equatable, Sendable {
    public var time: Double
    public var mode: String
    public var index: Int
    public var count: Int
    public var zoom: Double
    public var paused: Bool
    public var transition: (kind: TransitionKind, progress: Double)?
    /// The current slide's file (`"source"` in the JSON).
    public var path: String?
    /// The playlist playing, when the show comes from a playlist file.
    public var playlist: String?
    /// Whether the display is on (off during a scheduled off window).
    public var displayOn = true
    /// What the player did to the display itself (DPMS, backlight, CEC), when it drives any.
    public var power: DisplayPowerReport?

    public init(show: Show, at time: Double, mode: String = "attract", zoom: Double = 1) {
        self.time = time
        self.mode = mode
        self.index = show.index
        self.count = show.count
        self.zoom = zoom
        self.paused = show.isPaused
        if let t = show.transition, !t.isFinished(at: time) {
            transition = (t.kind, t.progress(at: time))
        }
        path = show.slides.indices.contains(show.index) ? show.slides[show.index].path : nil
    }

    public static func == (a: StateReport, b: StateReport) -> Bool {
        a.json == b.json
    }

    /// One JSON object, keys in a fixed order.
    public var json: String {
        var fields: [String] = [
            "\"time\":\(Self.number(time))",
            "\"mode\":\(JSONText.quote(mode))",
            "\"index\":\(index)",
            "\"count\":\(count)",
            "\"zoom\":\(Self.number(zoom))",
            "\"paused\":\(paused)",
        ]
        if let t = transition {
            fields.append(
                "\"transition\":{\"kind\":\(JSONText.quote(t.kind.rawValue)),\"progress\":\(Self.number(t.progress))}")
        } else {
            fields.append("\"transition\":null")
        }
        fields.append("\"source\":" + (path.map(JSONText.quote) ?? "null"))
        fields.append("\"playlist\":" + (playlist.map(JSONText.quote) ?? "null"))
        fields.append("\"display\":" + (displayOn ? "\"on\"" : "\"off\""))
        if let power { fields.append("\"power\":" + power.json.rendered) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A number as short text (rounded to millionths), for JSON and messages.
    public static func number(_ value: Double) -> String {
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}

/// Small JSON text helpers.
public enum JSONText {
    /// `text` as a JSON string literal.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
