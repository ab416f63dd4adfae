import Foundation

/// A caption with fields filled from the photo: `"{date:long} · {place}"`. A field the photo
/// does not have is left out with the text that joins it to the others, so a missing place
/// leaves `17 May 2024`, never `17 May 2024 ·`.
///
/// Fields: `{date}` (17 May 2024), `{date:long}` (Friday 17 May 2024), `{date:short}`
/// (2024-05-17), `{date:year}`, `{date:month}` (May 2024), `{date:time}` (14:03) — the date and
/// time the photo was taken, as the camera's clock read there (EXIF DateTimeOriginal, with its
/// offset when written); `{years-ago}` (3 years ago, from a year on); `{place}` (the nearest town
/// to its GPS position); `{camera}`; `{folder}` (the folder it is in); `{file}` (its name without
/// the extension); `{title}` (what its network source calls it, else its EXIF description).
/// `{{` and `}}` are braces. Text without fields is shown as it is.
public struct CaptionTemplate: Equatable, Sendable {
    /// Text, then a field, then text, …: `texts.count == fields.count + 1`.
    public private(set) var texts: [String] = [""]
    public private(set) var fields: [String] = []

    public init(_ template: String) {
        var text = ""
        var chars = template[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            if c == "{", chars.first == "{" {
                text.append("{")
                chars = chars.dropFirst()
            } else if c == "}", chars.first == "}" {
                text.append("}")
                chars = chars.dropFirst()
            } else if c == "{", let end = chars.firstIndex(of: "}") {
                fields.append(chars[..<end].trimmingCharacters(in: .whitespaces).lowercased())
                texts[texts.count - 1] = text
                texts.append("")
                text = ""
                chars = chars[chars.index(after: end)...]
            } else {
                text.append(c)
            }
        }
        texts[texts.count - 1] = text
    }

    /// Every field a template may use.
    public static let knownFields =
        ["date"] + TakenDate.Style.allCases.filter { $0 != .medium }.map { "date:\($0.rawValue)" } + [
            "years-ago", "place", "camera", "folder", "file", "title",
        ]

    /// The fields of this template that no photo can fill (none of `knownFields`), each once, in order.
    public var unknownFields: [String] {
        var seen: Set<String> = []
        return fields.filter { field in
            let known = Self.knownFields.contains(field) || field == "date:medium"
            return !known && seen.insert(field).inserted
        }
    }

    /// A sentence naming the fields no photo can fill, with a guess for each that looks like a
    /// typo: `“{plac}” is not a caption field (did you mean {place}?), so it is left out; the fields are …`. Nil
    /// when every field is known.
    public var unknownFieldsSentence: String? {
        let unknown = unknownFields
        guard !unknown.isEmpty else { return nil }
        let named = unknown.map { field -> String in
            let guess = DocumentReader.closest(field, in: Self.knownFields).map { " (did you mean {\($0)}?)" } ?? ""
            return "“{\(field)}”\(guess)"
        }
        let list = named.count == 1 ? named[0] : named.dropLast().joined(separator: ", ") + " and " + (named.last ?? "")
        let verb = named.count == 1 ? "is not a caption field, so it is" : "are not caption fields, so they are"
        let fields = Self.knownFields.map { "{\($0)}" }.joined(separator: ", ")
        return "\(list) \(verb) left out; the fields are \(fields)"
    }

    /// Whether the text has fields to fill.
    public var hasFields: Bool { !fields.isEmpty }

    /// Whether `{place}` is used.
    public var usesPlace: Bool { fields.contains("place") }

    /// The caption with `value`'s answers; nil when no field has one.
    public func render(_ value: (String) -> String?) -> String? {
        guard hasFields else { return texts[0] }
        let values = fields.map { value($0).flatMap { $0.isEmpty ? nil : $0 } }
        let present = values.indices.filter { values[$0] != nil }
        guard let first = present.first, let lastPresent = present.last else { return nil }
        // The text before the first field belongs to it, the text after the last to that one;
        // between two present fields, the text just before the second joins them.
        var out = first == 0 ? texts[0] : ""
        for (n, i) in present.enumerated() {
            if n > 0 { out += texts[i] }
            out += values[i] ?? ""
        }
        if lastPresent == fields.count - 1 { out += texts[fields.count] }
        let trimmed = out.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
