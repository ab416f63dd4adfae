import Foundation
import VitrineCore

/// Writes a `JSONNode` back as text (what the project's parser reads), two spaces a level.
enum JSONWriter {
    static func write(_ node: JSONNode, indent: String = "") -> String {
        let inner = indent + "  "
        switch node.value {
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let lines = members.map { "\(inner)\(JSONText.quote($0.key)): \(write($0.value, indent: inner))" }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
        case .array(let elements):
            guard !elements.isEmpty else { return "[]" }
            let lines = elements.map { inner + write($0, indent: inner) }
            return "[\n" + lines.joined(separator: ",\n") + "\n\(indent)]"
        case .string(let text): return JSONText.quote(text)
        case .number(let number): return Self.number(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }

    /// A value as a person types it in a form field: strings bare, the rest as JSON.
    static func plain(_ node: JSONNode) -> String {
        if let text = node.string { return text }
        return write(node)
    }

    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
