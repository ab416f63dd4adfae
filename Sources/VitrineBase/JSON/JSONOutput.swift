/// The project's one JSON writer: a value to write out, with object members kept in the order given so that
/// the same value always gives the same text (stable retained MQTT payloads, byte-for-byte comparable replies,
/// files that diff cleanly). Every JSON text the program sends or saves is made here, the decode worker's messages
/// included; parsing stays with `JSONParser` (and the worker's own strict reader).
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

    /// A number rounded to millionths (times and positions in traces and state lines, short and stable).
    public static func millionths(_ value: Double) -> JSONOutput {
        .number((value * 1_000_000).rounded() / 1_000_000)
    }

    /// An object whose nil members are left out (the others in the order given).
    public static func object(omittingNil members: [(String, JSONOutput?)]) -> JSONOutput {
        .object(members.compactMap { key, value in value.map { (key, $0) } })
    }

    /// The compact JSON text (no spaces, no line breaks).
    public var rendered: String {
        var out = ""
        write(to: &out, indent: nil)
        return out
    }

    /// The JSON text for a person to read and edit: one member or element a line, two spaces a level.
    public var indented: String {
        var out = ""
        write(to: &out, indent: "")
        return out
    }

    /// `indent` nil: compact; else the indentation of the line the value starts on.
    private func write(to out: inout String, indent: String?) {
        let inner = indent.map { $0 + "  " }
        switch self {
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                if let inner { out += "\n" + inner }
                Self.writeString(member.0, to: &out)
                out += inner == nil ? ":" : ": "
                member.1.write(to: &out, indent: inner)
            }
            if let indent { out += "\n" + indent }
            out += "}"
        case .array(let elements):
            guard !elements.isEmpty else {
                out += "[]"
                return
            }
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                if let inner { out += "\n" + inner }
                element.write(to: &out, indent: inner)
            }
            if let indent { out += "\n" + indent }
            out += "]"
        case .string(let text): Self.writeString(text, to: &out)
        case .number(let value): out += Self.numberText(value)
        case .integer(let value): out += String(value)
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        }
    }

    /// A number as JSON text: whole numbers without a fraction, others in Swift's shortest round-trip form;
    /// NaN and infinities (which JSON cannot hold) as null.
    public static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// `text` as a JSON string literal. Control characters are escaped, and so are DEL and the
    /// line and paragraph separators (valid in JSON, but not in a script or a log line).
    public static func quoted(_ text: String) -> String {
        var out = ""
        writeString(text, to: &out)
        return out
    }

    private static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || [0x7F, 0x2028, 0x2029].contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    public static func == (a: JSONOutput, b: JSONOutput) -> Bool {
        a.rendered == b.rendered
    }
}
