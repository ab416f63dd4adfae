import Foundation
import VitrineCore
import VitrineHTTP

/// The local HTTP control API, on the program's one HTTP server (`HTTPServer`):
///
///     GET  /api/state       the screen's `RemoteState` as JSON
///     POST /api/cmd         a command payload, as on MQTT; replies with a `CommandResult`
///     GET  /api/frame.jpg   a small picture of what the screen shows
///
/// With a token, every request needs `Authorization: Bearer TOKEN` (401 otherwise, decided
/// from the head before any body is read). Bodies are limited while they are read (413
/// beyond); connections are limited in all and per client, and time out as a whole; without a
/// token the `Host` must be one of this device's names or addresses; a browser's foreign
/// `Origin` is refused.
public final class ControlServer: Sendable {
    public struct Configuration: Sendable {
        /// An IPv4 or IPv6 address (`localhost` is 127.0.0.1).
        public var bind: String
        /// 0 picks a free port; see `port`.
        public var port: Int
        /// The bearer token, nil for none (only allowed on loopback; checked by `RemoteControl`).
        public var token: String?
        public var maximumBody = RemoteCommandParser.maximumBytes
        public var connectionLimit: UInt32 = 64
        public var perAddressLimit: UInt32 = 16
        /// When the port is taken: say so and try again every few seconds in the background
        /// (`--keep-going`), instead of throwing.
        public var retryWhenTaken = false

        public init(bind: String, port: Int, token: String?) {
            self.bind = bind
            self.port = port
            self.token = token
        }
    }

    /// The port listened on (the one asked for while it is still being tried).
    public var port: Int { server.listener?.port ?? wantedPort }
    /// Whether it listens now.
    public var isListening: Bool { server.listener != nil }
    private let wantedPort: Int
    private let server = ListenerSlot<HTTPServer>()
    private let retry: ListenRetry?

    /// Listens at once; throws when the address cannot be used or the port is taken.
    public init(_ configuration: Configuration, intake: CommandIntake, board: StateBoard) throws(RemoteError) {
        let service = ControlService(
            intake: intake, board: board, token: configuration.token.map { Array($0.utf8) },
            maximumBody: configuration.maximumBody)
        var http = HTTPServer.Configuration(name: "control API", bind: configuration.bind, port: configuration.port)
        http.connectionLimit = configuration.connectionLimit
        http.perAddressLimit = configuration.perAddressLimit
        http.workerThreads = 2
        http.eventThreads = 1
        // `vitrine ctl` and home automation send no Origin; a browser's foreign one is refused.
        http.changesNeedOrigin = false
        // Without a token (loopback only) the Host must name this device, against DNS rebinding;
        // with one, `vitrine ctl --host NAME` may use any name, and the token stops a rebinding page.
        http.checksHost = configuration.token == nil
        wantedPort = configuration.port
        do {
            server.set(try HTTPServer(http, service: service))
            retry = nil
        } catch {
            guard configuration.retryWhenTaken else { throw RemoteError(error.description) }
            Log("control").error("\(error.description); the show goes on and the API is tried again every 5 s")
            let (slot, wanted) = (server, http)
            retry = ListenRetry(every: 5, name: "vitrine.control-listen") {
                guard let listening = try? HTTPServer(wanted, service: service) else { return false }
                slot.set(listening)
                Log("control").info("control API on \(wanted.bind) port \(listening.port)")
                return true
            }
            return
        }
        Log("control").info("control API on \(configuration.bind) port \(port)")
    }

    /// Stops listening and waits for the server's threads. Also done when the server goes away.
    public func stop() {
        retry?.cancel()
        server.listener?.stop()
    }
}
