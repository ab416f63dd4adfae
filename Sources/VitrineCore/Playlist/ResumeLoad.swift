import Foundation

/// What reading the stored resume position gave.
public enum ResumeLoad: Equatable, Sendable {
    case none
    case position(ResumePosition)
    /// The stored position exists but cannot be used; the message says why, for a warning.
    case unusable(String)
}
