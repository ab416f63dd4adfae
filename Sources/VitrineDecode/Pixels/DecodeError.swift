import VitrineBase

/// Why an image could not be decoded. The message is one line for the log.
public struct DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
