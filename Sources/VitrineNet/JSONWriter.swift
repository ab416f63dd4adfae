import VitrineCore

/// Writes JSON text for the mirror's index and request bodies (the project's parser reads it back).
enum JSONWriter {
    /// `text` as a JSON string literal (the project's one escaping, `JSONText.quote`).
    static func quoted(_ text: String) -> String { JSONText.quote(text) }

    /// An object from already-written member values, in the order given; nil values are left out.
    static func object(_ members: [(String, String?)]) -> String {
        "{" + members.compactMap { key, value in value.map { "\(quoted(key)):\($0)" } }.joined(separator: ",") + "}"
    }
}
