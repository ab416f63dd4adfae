import VitrineCore

/// How long a transfer may take to connect and how slow it may get before it is given up.
public struct NetworkTimeouts: Sendable, Equatable {
    /// How long resolving and connecting may take (TLS handshake included).
    public var connect: Seconds
    /// A transfer slower than `lowSpeedBytes` per second for `lowSpeedSeconds` is given up.
    public var lowSpeedBytes: Int
    public var lowSpeedSeconds: Int

    public init(connect: Seconds = 15, lowSpeedBytes: Int = 1, lowSpeedSeconds: Int = 30) {
        self.connect = connect
        self.lowSpeedBytes = lowSpeedBytes
        self.lowSpeedSeconds = lowSpeedSeconds
    }
}
