import Glibc
import VitrinePOSIX

/// A plain HTTP/1.0 client for the control API, enough for `vitrine ctl`: one request per
/// connection, a timeout on every step, the reply's size limited.
public struct ControlClient: Sendable {
    public var host: String
    public var port: Int
    public var token: String?
    /// Seconds allowed for connecting, sending and each read.
    public var timeout = 5
    /// Larger replies are refused.
    public var maximumReply = 16 * 1024 * 1024

    public init(host: String, port: Int, token: String?) {
        self.host = host
        self.port = port
        self.token = token
    }

    /// A reply: its status code and body.
    public struct Reply: Sendable, Equatable {
        public var status: Int
        public var body: [UInt8]
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends one request and reads the whole reply.
    public func request(_ method: String, _ path: String, body: [UInt8] = []) throws(RemoteError) -> Reply {
        let connection = try connect()
        let socket = connection.rawValue
        var head = "\(method) \(path) HTTP/1.0\r\nHost: \(host)\r\nConnection: close\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        if method == "POST" { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        try write(socket, Array((head + "\r\n").utf8) + body)
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if n == 0 { break }
            guard n > 0 else { throw RemoteError("\(where_): no reply (\(Errno.current))") }
            reply += buffer[0..<n]
            guard reply.count <= maximumReply else { throw RemoteError("\(where_): reply larger than allowed") }
        }
        return try parse(reply)
    }

    private var where_: String { "control API at \(host) port \(port)" }

    private func connect() throws(RemoteError) -> FileDescriptor {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
            throw RemoteError("\(host): not an address or host name vitrine can find")
        }
        defer { freeaddrinfo(found) }
        var last = Errno(rawValue: ECONNREFUSED)
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let type = info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue)
            let fd = socket(info.pointee.ai_family, type, info.pointee.ai_protocol)
            guard fd >= 0 else {
                last = .current
                continue
            }
            let connection = FileDescriptor(owning: fd)
            var limit = timeval(tv_sec: timeout, tv_usec: 0)
            let size = socklen_t(MemoryLayout<timeval>.size)
            // Without its time limits a step could wait for ever: a socket that refuses them is not used.
            guard setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, size) == 0,
                setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, size) == 0
            else {
                last = .current
                continue
            }
            if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return connection }
            last = .current
        }
        throw RemoteError("\(where_): cannot connect (\(last)); is vitrine playing with --control?")
    }

    private func write(_ socket: Int32, _ bytes: [UInt8]) throws(RemoteError) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw RemoteError("\(where_): sending failed (\(Errno.current))") }
            sent += n
        }
    }

    private func parse(_ reply: [UInt8]) throws(RemoteError) -> Reply {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = reply.indices.first(where: { reply[$0...].starts(with: separator) }) else {
            throw RemoteError("\(where_): the reply is not HTTP")
        }
        let head = String(decoding: reply[..<end], as: UTF8.self)
        let statusLine = head.split(separator: "\r\n").first ?? ""
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]) else {
            throw RemoteError("\(where_): the reply is not HTTP")
        }
        return Reply(status: status, body: Array(reply[(end + 4)...]))
    }
}
