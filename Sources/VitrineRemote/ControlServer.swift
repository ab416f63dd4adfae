import CMicroHTTPD
import Glibc
import Synchronization
import VitrineCore

/// The local HTTP control API, on libmicrohttpd's own thread:
///
///     GET  /api/state       the screen's `RemoteState` as JSON
///     POST /api/cmd         a command payload, as on MQTT; replies with a `CommandResult`
///     GET  /api/frame.jpg   a small picture of what the screen shows
///
/// With a token, every request needs `Authorization: Bearer TOKEN` (401 otherwise). Bodies
/// are limited while they are read (413 beyond), connections are few and time out.
public final class ControlServer: Sendable {
    public struct Configuration: Sendable {
        /// An IPv4 or IPv6 address (`localhost` is 127.0.0.1).
        public var bind: String
        /// 0 picks a free port; see `port`.
        public var port: Int
        /// The bearer token, nil for none (only allowed on loopback; checked by `RemoteControl`).
        public var token: String?
        public var maximumBody = RemoteCommandParser.maximumBytes
        public var connectionLimit: UInt32 = 16
        public var timeoutSeconds: UInt32 = 10

        public init(bind: String, port: Int, token: String?) {
            self.bind = bind
            self.port = port
            self.token = token
        }
    }

    /// The port listened on.
    public let port: Int
    private let daemon: Daemon
    private let box: ServerBox

    /// Listens at once; throws when the address cannot be used or the port is taken.
    public init(_ configuration: Configuration, intake: CommandIntake, board: StateBoard) throws(RemoteError) {
        let box = ServerBox(
            intake: intake, board: board, token: configuration.token.map { Array($0.utf8) },
            maximumBody: configuration.maximumBody)
        let address = configuration.bind == "localhost" ? "127.0.0.1" : configuration.bind
        let where_ = "\(configuration.bind) port \(configuration.port)"
        guard let daemon = Daemon(address: address, port: configuration.port, configuration: configuration, box: box)
        else {
            throw RemoteError("control API: cannot listen on \(where_) (is the address this host's, the port free?)")
        }
        self.daemon = daemon
        self.box = box
        port = Int(vitrine_mhd_port(daemon.handle))
        Log("control").info("control API on \(configuration.bind) port \(port)")
    }

    /// Stops listening and waits for the server's thread. Also done when the server goes away.
    public func stop() {
        daemon.stop()
    }
}

/// The libmicrohttpd daemon; stopped when released.
private final class Daemon: @unchecked Sendable {
    // @unchecked: the handle is only stopped once, under `stopped`'s lock.
    let handle: OpaquePointer
    private let stopped = Mutex(false)

    init?(address: String, port: Int, configuration: ControlServer.Configuration, box: ServerBox) {
        let context = Unmanaged.passUnretained(box).toOpaque()
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let started: OpaquePointer?
        if inet_pton(AF_INET, address, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port).bigEndian)
            started = withUnsafePointer(to: &v4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    vitrine_mhd_start(
                        $0, 0, handleRequest, context, requestCompleted, configuration.connectionLimit,
                        32 * 1024, configuration.timeoutSeconds)
                }
            }
        } else if inet_pton(AF_INET6, address, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(port).bigEndian)
            started = withUnsafePointer(to: &v6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    vitrine_mhd_start(
                        $0, 1, handleRequest, context, requestCompleted, configuration.connectionLimit,
                        32 * 1024, configuration.timeoutSeconds)
                }
            }
        } else {
            return nil
        }
        guard let started else { return nil }
        handle = started
    }

    func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        if first { MHD_stop_daemon(handle) }
    }

    deinit { stop() }
}
