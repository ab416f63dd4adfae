/// One problem found in a playlist file: where (the path in the document and
/// the line and column), what is wrong, and whether the show can still play.
public struct Diagnostic: Equatable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        /// The file cannot be played as written.
        case error
        /// The file plays, but probably not as meant (an unknown field, a missing image).
        case warning
    }

    public var severity: Severity
    /// Where in the document, such as `items[3].duration`; empty for the whole file.
    public var path: String
    public var message: String
    public var position: TextPosition?

    public init(_ severity: Severity, _ path: String, _ message: String, at position: TextPosition?) {
        self.severity = severity
        self.path = path
        self.message = message
        self.position = position
    }

    /// `path: message`.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// `FILE:LINE:COLUMN: severity: path: message`, the form compilers use, so editors can jump to it.
    public func formatted(file: String) -> String {
        let place = position.map { "\(file):\($0.line):\($0.column)" } ?? file
        return "\(place): \(severity.rawValue): \(description)"
    }
}

extension [Diagnostic] {
    public var errors: [Diagnostic] { filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { filter { $0.severity == .warning } }
}
