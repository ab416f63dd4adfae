import Foundation

/// Why an input trace cannot be read: the file, the line, and what is wrong.
public struct InputTraceError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based; 0 when the file itself cannot be read.
    public var line: Int
    public var reason: String

    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String {
        line > 0 ? "\(file) line \(line): \(reason)" : "\(file): \(reason)"
    }
}
