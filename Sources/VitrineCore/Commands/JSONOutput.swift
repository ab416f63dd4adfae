/// A JSON value to write out (strings quoted by `JSONText.quote`), with object members kept in the order given so that
/// the same value always gives the same text (stable retained MQTT payloads,
/// byte-for-byte comparable replies). Parsing stays with `JSONParser`.
public indirect enum JSONOutput: Equatable, Sendable {
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case null

    /// A string, or null when `text` is nil.
    public static func optional(_ text: String?) -> JSONOutput {
        text.map { .string($0) } ?? .null
    }

    /// A number, or null when `value` is nil.
    public static func optional(_ value: Double?) -> JSONOutput {
        value.map { .number($0) } ?? .null
    }

    /// A whole number, or null when `value` is nil.
    public static func optional(_ value: Int?) -> JSONOutput {
        value.map { .integer($0) } ?? .null
    }

    /// The compact JSON text (no spaces, no line breaks).
    public var rendered: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                JSONOutput.writeString(member.0, to: &out)
                out += ":"
                member.1.write(to: &out)
            }
            out += "}"
        case .array(let elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .string(let text): JSONOutput.writeString(text, to: &out)
        case .number(let value): out += JSONOutput.format(value)
        case .integer(let value): out += String(value)
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        }
    }

    /// Whole numbers without a fraction, others in Swift's shortest round-trip form; NaN and infinities
    /// (which JSON cannot hold) as null.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    static func writeString(_ text: String, to out: inout String) {
        out += JSONText.quote(text)
    }

    public static func == (a: JSONOutput, b: JSONOutput) -> Bool {
        a.rendered == b.rendered
    }
}
