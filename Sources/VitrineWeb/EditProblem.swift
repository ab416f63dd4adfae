import Foundation
import VitrineCore

/// One problem of a playlist or configuration edit, at its place when known.
public struct EditProblem: Equatable, Sendable {
    public var line: Int?
    public var column: Int?
    public var message: String
    /// `error` stops a save; `warning` does not.
    public var isError: Bool

    public init(line: Int?, column: Int?, message: String, isError: Bool = true) {
        self.line = line
        self.column = column
        self.message = message
        self.isError = isError
    }

    /// The problems the playlist checker finds, its place said in words: `Playlist “evening”,
    /// item 1: duration must be …` for `playlists.evening.items[0].duration: must be …`.
    public init(_ diagnostic: Diagnostic) {
        let place = Self.plainPlace(diagnostic.path)
        let message: String
        switch (place.within.isEmpty, place.field) {
        case (true, nil): message = diagnostic.message
        case (true, let field?): message = "\(field) \(diagnostic.message)"
        case (false, nil): message = "\(place.within): \(diagnostic.message)"
        case (false, let field?): message = "\(place.within): \(field) \(diagnostic.message)"
        }
        self.init(
            line: diagnostic.position?.line, column: diagnostic.position?.column,
            message: message.prefix(1).uppercased() + message.dropFirst(), isError: diagnostic.severity == .error)
    }

    /// A checker's path (`playlists.evening.items[0].duration`) as the places it is in
    /// (`Playlist “evening”, item 1`) and the field it names (`duration`).
    static func plainPlace(_ path: String) -> (within: String, field: String?) {
        var places: [String] = []
        var field: String?
        var parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)[...]
        while let part = parts.popFirst(), !part.isEmpty {
            if let field { places.append(field) }
            field = nil
            let name = String(part.prefix { $0 != "[" })
            let indexes = part.split(separator: "[").dropFirst().compactMap { Int($0.dropLast()) }
            switch (name, indexes.first) {
            case ("playlists", nil):
                if let playlist = parts.popFirst() { places.append("Playlist “\(playlist)”") }
            case ("items", let index?): places.append("item \(index + 1)")
            case ("rules", let index?): places.append("rule \(index + 1)")
            case ("off", let index?): places.append("display-off window \(index + 1)")
            case (_, let index?): places.append("\(name) \(index + 1)")
            case ("schedule", nil) where !parts.isEmpty: places.append("Schedule")
            case ("display", nil) where !parts.isEmpty: places.append("Display")
            default: field = name
            }
        }
        return (places.joined(separator: ", "), field)
    }

    var json: JSONOutput {
        .object([
            ("line", .optional(line)), ("column", .optional(column)), ("message", .string(message)),
            ("severity", .string(isError ? "error" : "warning")),
        ])
    }
}
