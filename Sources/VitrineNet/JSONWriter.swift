/// Writes JSON text for the mirror's index and request bodies (the project's parser reads it back).
enum JSONWriter {
    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
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

    /// An object from already-written member values, in the order given; nil values are left out.
    static func object(_ members: [(String, String?)]) -> String {
        "{" + members.compactMap { key, value in value.map { "\(quoted(key)):\($0)" } }.joined(separator: ",") + "}"
    }
}
