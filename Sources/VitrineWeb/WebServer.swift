import CMicroHTTPD
import Foundation
import Glibc
import Synchronization
import VitrineCore

/// Serves an `AdminSite` with libmicrohttpd: one thread per connection (at most
/// `connectionLimit`), bodies limited while they are read (413 as soon as a request passes the
/// site's `maximumBodyBytes`, before the rest is read), idle connections closed, and TLS
/// when a certificate and key are given.
public final class WebServer: Sendable {
    public struct Configuration: Sendable {
        /// An IPv4 or IPv6 address (`localhost` is 127.0.0.1; `0.0.0.0` or `::` every one).
        public var bind: String
        /// 0 picks a free port; see `port`.
        public var port: Int
        /// The PEM certificate (chain) and private key for HTTPS; both or neither.
        public var certificatePEM: String?
        public var keyPEM: String?
        public var connectionLimit: UInt32 = 32
        public var timeoutSeconds: UInt32 = 30

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
    public let port: Int
    /// Whether it speaks HTTPS.
    public let tls: Bool
    private let daemon: SiteDaemon
    private let box: SiteBox

    /// Listens at once; throws when the address cannot be used, the port is taken or the
    /// certificate is refused.
    public init(_ configuration: Configuration, site: AdminSite) throws(Failure) {
        let box = SiteBox(site: site, maximumBody: site.options.maximumBodyBytes)
        let address = configuration.bind == "localhost" ? "127.0.0.1" : configuration.bind
        let tls = configuration.certificatePEM != nil && configuration.keyPEM != nil
        guard let daemon = SiteDaemon(address: address, configuration: configuration, box: box) else {
            throw Failure(
                description: "web page: cannot listen on \(configuration.bind) port \(configuration.port) "
                    + (tls
                        ? "(is the address this host's, the port free, the certificate and key a pair in PEM?)"
                        : "(is the address this host's, the port free?)"))
        }
        self.daemon = daemon
        self.box = box
        self.tls = tls
        port = Int(vitrine_mhd_port(daemon.handle))
        Log("web").info("web page on \(tls ? "https" : "http") \(configuration.bind) port \(port)")
    }

    /// Stops listening and waits for the connections' threads. Also done when the server goes away.
    public func stop() {
        daemon.stop()
    }
}

/// What the request handler needs, reached through libmicrohttpd's context pointer.
final class SiteBox: Sendable {
    let site: AdminSite
    let maximumBody: Int

    init(site: AdminSite, maximumBody: Int) {
        self.site = site
        self.maximumBody = maximumBody
    }
}

/// One request as it arrives, kept until it completes.
final class SiteRequest {
    var body = Data()
    var refused = false
}

/// The libmicrohttpd daemon; stopped when released.
private final class SiteDaemon: @unchecked Sendable {
    // @unchecked: the handle is only stopped once, under `stopped`'s lock.
    let handle: OpaquePointer
    private let stopped = Mutex(false)

    init?(address: String, configuration: WebServer.Configuration, box: SiteBox) {
        let context = Unmanaged.passUnretained(box).toOpaque()
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let port = in_port_t(UInt16(clamping: configuration.port).bigEndian)
        let start = { (socket: UnsafePointer<sockaddr>, ipv6: Int32) -> OpaquePointer? in
            vitrine_mhd_start_site(
                socket, ipv6, siteRequest, context, siteRequestCompleted, configuration.connectionLimit,
                64 * 1024, configuration.timeoutSeconds, configuration.certificatePEM, configuration.keyPEM)
        }
        let started: OpaquePointer?
        if inet_pton(AF_INET, address, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port
            started = withUnsafePointer(to: &v4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { start($0, 0) }
            }
        } else if inet_pton(AF_INET6, address, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port
            started = withUnsafePointer(to: &v6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { start($0, 1) }
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

/// Called once when the headers are in, then for each piece of the body, then once more with
/// no data, when the answer is made.
private let siteRequest: MHD_AccessHandlerCallback = { context, connection, url, method, _, data, size, stored in
    guard let context, let connection, let stored, let size else { return .NO }
    let box = Unmanaged<SiteBox>.fromOpaque(context).takeUnretainedValue()
    guard let pointer = stored.pointee else {
        // Headers only: a body announced too large is refused before a byte of it is read.
        if let length = siteHeader(connection, "Content-Length").flatMap({ Int($0) }), length > box.maximumBody {
            return siteSend(connection, tooLarge(box))
        }
        stored.pointee = Unmanaged.passRetained(SiteRequest()).toOpaque()
        return .YES
    }
    let request = Unmanaged<SiteRequest>.fromOpaque(pointer).takeUnretainedValue()
    if size.pointee > 0 {
        let count = size.pointee
        size.pointee = 0
        if request.refused { return .YES }
        guard request.body.count + count <= box.maximumBody else {
            // Past the limit: answer now and let libmicrohttpd close the connection.
            request.refused = true
            request.body = Data()
            return siteSend(connection, tooLarge(box))
        }
        if let data { request.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: count) }
        return .YES
    }
    if request.refused { return .YES }
    let web = WebRequest(
        method: method.map { String(cString: $0) } ?? "GET",
        path: url.map { String(cString: $0) } ?? "/",
        query: siteValues(connection, .GET_ARGUMENT_KIND),
        headers: siteValues(connection, .HEADER_KIND),
        body: request.body, client: siteClient(connection))
    request.body = Data()
    return siteSend(connection, box.site.handle(web))
}

/// Frees a request when libmicrohttpd is done with it, however it ended.
private let siteRequestCompleted: MHD_RequestCompletedCallback = { _, _, stored, _ in
    guard let stored, let pointer = stored.pointee else { return }
    Unmanaged<SiteRequest>.fromOpaque(pointer).release()
    stored.pointee = nil
}

private func tooLarge(_ box: SiteBox) -> WebResponse {
    .error(413, "too much at once: at most \(box.maximumBody >> 20) MB a request")
}

private func siteHeader(_ connection: OpaquePointer, _ name: String) -> String? {
    MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
}

/// Collects the values of one kind (headers, query arguments); the last of a repeated name wins.
private func siteValues(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String] {
    final class Values { var all: [String: String] = [:] }
    let values = Values()
    let context = Unmanaged.passUnretained(values).toOpaque()
    _ = MHD_get_connection_values(
        connection, kind,
        { context, _, key, value in
            guard let context, let key else { return .YES }
            let values = Unmanaged<Values>.fromOpaque(context).takeUnretainedValue()
            values.all[String(cString: key)] = value.map { String(cString: $0) } ?? ""
            return .YES
        }, context)
    return withExtendedLifetime(values) { values.all }
}

private func siteClient(_ connection: OpaquePointer) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    vitrine_mhd_client(connection, &buffer, socklen_t(buffer.count))
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

private func siteSend(_ connection: OpaquePointer, _ answer: WebResponse) -> MHD_Result {
    let response = answer.body.withUnsafeBytes { bytes in
        MHD_create_response_from_buffer(
            bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }
    guard let response else { return .NO }
    defer { MHD_destroy_response(response) }
    for (name, value) in answer.headers { MHD_add_response_header(response, name, value) }
    return MHD_queue_response(connection, UInt32(answer.status), response)
}
