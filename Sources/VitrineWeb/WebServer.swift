import Foundation
import VitrineCore
import VitrineHTTP

/// Serves an `AdminSite` on the program's one HTTP server (`HTTPServer`): event-driven, with
/// limits on connections in all and per client address, on the time of a whole request, and on
/// bodies (decided by the site from each request's head), the `Host` and the origin of changes
/// checked, and TLS when a certificate and key are given.
public final class WebServer: Sendable {
    public struct Configuration: Sendable {
        /// An IPv4 or IPv6 address (`localhost` is 127.0.0.1; `0.0.0.0` or `::` every one).
        public var bind: String
        /// 0 picks a free port; see `port`.
        public var port: Int
        /// The PEM certificate (chain) and private key for HTTPS; both or neither.
        public var certificatePEM: String?
        public var keyPEM: String?
        /// Names the page is reached by besides this device's addresses, host name and `NAME.local`.
        public var hostNames: [String] = []
        public var connectionLimit: UInt32 = 256
        public var perAddressLimit: UInt32 = 16

        public init(bind: String, port: Int, certificatePEM: String? = nil, keyPEM: String? = nil) {
            self.bind = bind
            self.port = port
            self.certificatePEM = certificatePEM
            self.keyPEM = keyPEM
        }
    }

    /// Why the server could not start.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The port listened on.
    public var port: Int { server.port }
    /// Whether it speaks HTTPS.
    public var tls: Bool { server.tls }
    private let server: HTTPServer

    /// Listens at once; throws when the address cannot be used, the port is taken or the
    /// certificate is refused.
    public init(_ configuration: Configuration, site: AdminSite) throws(Failure) {
        var http = HTTPServer.Configuration(name: "web page", bind: configuration.bind, port: configuration.port)
        http.certificatePEM = configuration.certificatePEM
        http.keyPEM = configuration.keyPEM
        http.hostNames = configuration.hostNames
        http.connectionLimit = configuration.connectionLimit
        http.perAddressLimit = configuration.perAddressLimit
        do {
            server = try HTTPServer(http, service: site)
        } catch {
            throw Failure(description: error.description)
        }
        Log("web").info("web page on \(server.tls ? "https" : "http") \(configuration.bind) port \(server.port)")
    }

    /// Stops listening and waits for the server's threads. Also done when the server goes away.
    public func stop() {
        server.stop()
    }
}

extension AdminSite: HTTPService {}
