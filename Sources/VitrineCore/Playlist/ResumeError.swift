import Foundation

/// Why the resume position could not be saved.
public struct ResumeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}
