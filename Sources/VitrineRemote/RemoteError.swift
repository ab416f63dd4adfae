/// A remote-control setup problem (a missing password file, a broker address that cannot be used,
/// a port already taken): one line that says what is wrong and what to do.
public struct RemoteError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
