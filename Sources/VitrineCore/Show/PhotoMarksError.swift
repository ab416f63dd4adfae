/// Why a marks file could not be read.
public struct PhotoMarksError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
    public init(reason: String) { self.reason = reason }
}
