import Foundation
import Glibc
import VitrineCore
import VitrinePOSIX

/// For `vitrine check`: can a source be reached, and how many photos does it list, or why not
/// (DNS, connection, TLS and which certificate fault, 401, 404, timeout, an HTML page, a server that
/// is not speaking HTTP/1.1), in one line without credentials. A listing of 0 photos is a warning.
public enum NetworkCheck {
    /// Bytes of a single image fetched to tell what it is.
    static let headBytes = 64

    /// Fetches the listing of `source` once (for a single URL, the first bytes of the image) and
    /// describes the outcome; a line that is a warning starts with "warning: ".
    public static func check(_ source: NetworkSource, configuration: MirrorConfiguration = MirrorConfiguration())
        -> String
    {
        let access: SourceAccess
        do {
            access = try SourceAccess.read(for: source)
        } catch {
            return "\(source): \(error)"
        }
        let address: String
        switch source {
        case .url(let s): return "\(source): " + checkImage(s.url, access: access, configuration: configuration)
        case .feed(let s): address = s.url
        case .webdav(let s): address = s.url
        case .immich(let s): address = s.server
        }
        let lister = SourceLister(limits: configuration.limits, timeouts: configuration.timeouts)
        switch lister.list(source, access: access, previous: nil) {
        case .listed(let entries, _):
            if entries.isEmpty { return "warning: \(source): reachable, but it lists 0 photos: nothing to show" }
            return "\(source): reachable, \(entries.count) photo\(entries.count == 1 ? "" : "s") listed"
        case .unchanged:
            return "\(source): reachable, unchanged"
        case .failed(let failure, let retryAfter):
            let wait = retryAfter.map { " (the server asks to wait \(Int($0.value.rounded())) s)" } ?? ""
            return "\(source): \(explain(failure, address: address))\(wait)"
        }
    }

    /// A GET of the image's first bytes (not HEAD: a captive portal answers HEAD too, and some
    /// servers refuse it), judged by the same test the mirror gives every download.
    static func checkImage(_ url: String, access: SourceAccess, configuration: MirrorConfiguration) -> String {
        var request = access.request(url, maximumBytes: configuration.fileBytes, timeouts: configuration.timeouts)
        request.headers.append("Range: bytes=0-\(headBytes - 1)")
        let sink = HeadSink(wanted: headBytes)
        guard let easy = try? CurlEasy() else { return "libcurl could not be initialised" }
        var response = easy.perform(request, into: sink)
        // Stopped by the sink once it had enough: not a failure.
        if sink.isFull, case .other = response.failure { response.failure = nil }
        if let failure = response.failure { return explain(failure, address: url) }
        if let type = response.headers["content-type"], FeedParser.isHTML(type) {
            return "the address answers with an HTML page (Content-Type \(type)), not an image: "
                + "a login or captive-portal page?"
        }
        guard let kind = ImageKind.detect(sink.bytes) else { return TransferFailure.notAnImage.description }
        return "reachable, 1 photo listed (\(kind.rawValue.uppercased()))"
    }

    /// The failure in words; an answer that was not HTTP is looked at to say what it was.
    static func explain(_ failure: TransferFailure, address: String) -> String {
        let secure = address.lowercased().hasPrefix("https:")
        switch failure {
        case .forbiddenScheme, .interrupted, .other:
            if !secure, let what = ProtocolProbe.name(address: address, secure: false) { return what }
        case .tls(let detail) where detail.contains("could not be set up"):
            if secure, let what = ProtocolProbe.name(address: address, secure: true) { return what }
        default:
            break
        }
        return failure.description
    }
}

/// Keeps the first bytes of a body and stops the transfer when it has them.
private final class HeadSink: BodySink {
    let wanted: Int
    private(set) var bytes: [UInt8] = []

    init(wanted: Int) { self.wanted = wanted }

    var isFull: Bool { bytes.count >= wanted }

    func accept(_ chunk: UnsafeRawBufferPointer, status: Int, headers: [String: String]) -> Bool {
        bytes += chunk.prefix(wanted - bytes.count)
        return !isFull
    }
}

/// What a server that did not answer in HTTP/1.1 (or in TLS) speaks: one plain connection, an
/// HTTP/1.1 request, and its first bytes looked at (HTTP/2 without TLS, TLS, SSH, mail, FTP …).
enum ProtocolProbe {
    static func name(address: String, secure: Bool) -> String? {
        guard let components = URLComponents(string: address), let host = components.host else { return nil }
        let port = components.port ?? (secure ? 443 : 80)
        guard let answer = firstBytes(host: host, port: port) else { return nil }
        return describe(answer, secure: secure)
    }

    static func describe(_ bytes: [UInt8], secure: Bool) -> String? {
        func starts(_ text: String) -> Bool { bytes.starts(with: Array(text.utf8)) }
        if bytes.isEmpty {
            return "the server closed the connection without answering an HTTP request"
                + (secure ? " (not an HTTP server?)" : " (a TLS port? then use https://)")
        }
        if starts("HTTP/") {
            return secure ? "the server speaks plain HTTP on this port, not TLS: use http://" : nil
        }
        // An HTTP/2 frame header: 3 bytes of length, then SETTINGS (4) or GOAWAY (7) on stream 0.
        if bytes.count >= 9, bytes[3] == 4 || bytes[3] == 7, Array(bytes[5...8]) == [0, 0, 0, 0] {
            return "the server speaks only HTTP/2 without TLS (h2c), not HTTP/1.1: serve HTTP/1.1 or HTTPS there"
        }
        if bytes.count >= 2, bytes[0] == 0x15 || bytes[0] == 0x16, bytes[1] == 0x03 {
            return "the server speaks TLS on this port: use https://"
        }
        if starts("SSH-") { return "the server is an SSH server, not an HTTP server" }
        if starts("220") { return "the server is an FTP or mail server, not an HTTP server" }
        if starts("+OK") || starts("* OK") { return "the server is a mail server, not an HTTP server" }
        let shown = String(decoding: bytes.prefix(16).map { (0x20..<0x7F).contains($0) ? $0 : 0x2E }, as: UTF8.self)
        return "the server does not speak HTTP (it answers \"\(shown)\")"
    }

    /// Up to 64 bytes the server sends after a plain HTTP/1.1 request, within 5 s; nil when it
    /// cannot be reached.
    static func firstBytes(host: String, port: Int) -> [UInt8]? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        let type = first.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue)
        guard
            let connection = try? FileDescriptor(
                owning: Errno.check { socket(first.pointee.ai_family, type, first.pointee.ai_protocol) })
        else { return nil }
        let fd = connection.rawValue
        var limit = timeval(tv_sec: 5, tv_usec: 0)
        let size = socklen_t(MemoryLayout<timeval>.size)
        guard setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, size) == 0,
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, size) == 0,
            connect(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0
        else { return nil }
        let request = Array("GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8)
        guard send(fd, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { return nil }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while bytes.count < 64 {
            let count = recv(fd, &buffer, 64 - bytes.count, 0)
            guard count > 0 else { break }
            bytes += buffer.prefix(count)
        }
        return bytes
    }
}
