import Foundation
import Glibc

/// A bare HTTP/1.1 client over a loopback socket: one request, `Connection: close`, the whole
/// answer read. Cookies are kept by hand, as a browser would.
public struct PlainHTTP {
    public struct Answer {
        public var status: Int
        public var headers: [(String, String)]
        public var body: Data
        public var text: String { String(decoding: body, as: UTF8.self) }
        public func header(_ name: String) -> [String] {
            headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1)
        }
    }

    public let port: UInt16
    public var cookies: [String: String] = [:]
    /// The loopback address requests come from (127.0.0.1 unless told).
    public var from = "127.0.0.1"
    /// Send `Origin` with changes, as a browser does for its own page.
    public var sendsOrigin = true

    public init(url: String) {
        let afterHost = url.split(separator: ":").last.map { $0.filter(\.isNumber) } ?? "80"
        port = UInt16(afterHost) ?? 80
    }

    /// Sends one request; keeps the cookies it sets.
    public mutating func send(
        _ method: String, _ target: String, headers: [String: String] = [:], body: Data = Data()
    ) throws -> Answer {
        var lines = ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"]
        if !cookies.isEmpty {
            lines.append("Cookie: " + cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        }
        if method == "POST", sendsOrigin, headers["Origin"] == nil {
            lines.append("Origin: http://127.0.0.1:\(port)")
        }
        for (name, value) in headers where !value.isEmpty { lines.append("\(name): \(value)") }
        if method == "POST" { lines.append("Content-Length: \(body.count)") }
        // A large body waits for the server's go-ahead, as curl does: one refused from its head
        // is answered without being sent.
        let waits = body.count > 8 << 10
        if waits { lines.append("Expect: 100-continue") }
        let head = Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
        let answer: Answer
        do {
            if waits {
                let fd = try Self.connectSocket(port: port, from: from)
                defer { close(fd) }
                answer = try Self.exchange(fd, head, then: body)
            } else {
                answer = try Self.exchange(port: port, head + body, from: from)
            }
        } catch {
            throw Failure(what: "\(method) \(target): \(error)")
        }
        for cookie in answer.header("set-cookie") {
            let pair = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            guard pair.count >= 1 else { continue }
            let value = pair.count == 2 ? String(pair[1]) : ""
            if value.isEmpty || cookie.contains("Max-Age=0") {
                cookies[String(pair[0])] = nil
            } else {
                cookies[String(pair[0])] = value
            }
        }
        return answer
    }

    public struct Failure: Error { public var what: String }

    public static func exchange(port: UInt16, _ request: Data, from: String = "127.0.0.1", timeout: Int = 20) throws
        -> Answer
    {
        let fd = try connectSocket(port: port, from: from, timeout: timeout)
        defer { close(fd) }
        return try exchange(fd, request)
    }

    /// A socket connected to the port from a loopback address (127.0.0.2 … stand for other devices).
    public static func connectSocket(port: UInt16, from: String = "127.0.0.1", timeout: Int = 20) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(what: "socket") }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(from)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            close(fd)
            throw Failure(what: "bind \(from)")
        }
        var timeout = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(what: "connect")
        }
        return fd
    }

    /// Sends a request head with `Expect: 100-continue`, then its body only once the server
    /// says `100 Continue` (within 5 s); reads the final answer.
    public static func exchange(_ fd: Int32, _ head: Data, then body: Data) throws -> Answer {
        _ = head.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 5000) > 0 else { throw Failure(what: "no answer to the head") }
        var peek = [UInt8](repeating: 0, count: 64)
        let n = recv(fd, &peek, peek.count, Int32(MSG_PEEK))
        let interim = n > 0 && String(decoding: peek[0..<n], as: UTF8.self).hasPrefix("HTTP/1.1 100")
        if interim {
            // Read the interim answer away, then send the body.
            var line = Data()
            var byte: UInt8 = 0
            while !line.hasSuffix(Data("\r\n\r\n".utf8)), recv(fd, &byte, 1, 0) == 1 { line.append(byte) }
            return try exchange(fd, body)
        }
        return try exchange(fd, Data())
    }

    /// Sends a request on a connected socket and reads the whole answer.
    public static func exchange(_ fd: Int32, _ request: Data) throws -> Answer {
        var sent = 0
        request.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            while sent < bytes.count {
                // The server may answer (413) and close before the whole body is sent: as a
                // browser does, stop sending once an answer is there to read (reading it before
                // the connection's reset would lose it).
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, 0) > 0 { break }
                let n = Glibc.send(fd, base + sent, min(65536, bytes.count - sent), Int32(MSG_NOSIGNAL))
                if n <= 0 { break }
                sent += n
            }
        }
        var reply = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            reply.append(buffer, count: n)
        }
        guard let split = reply.range(of: Data("\r\n\r\n".utf8)) else {
            throw Failure(
                what: "no answer (\(reply.count) bytes: \(String(decoding: reply.prefix(80), as: UTF8.self)))")
        }
        let head = String(decoding: reply[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = head.first.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
        let headers = head.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Answer(status: status, headers: headers, body: Data(reply[split.upperBound...]))
    }
}

extension PlainHTTP {
    /// A `multipart/form-data` body of photo uploads (field `photo`), and its content type.
    public static func multipart(
        _ files: [(name: String, bytes: Data)], boundary: String = "----vitrine-test-boundary"
    ) -> (body: Data, type: String) {
        var body = Data()
        for file in files {
            body.append(Data("--\(boundary)\r\n".utf8))
            body.append(Data("Content-Disposition: form-data; name=\"photo\"; filename=\"\(file.name)\"\r\n".utf8))
            body.append(Data("Content-Type: image/jpeg\r\n\r\n".utf8))
            body.append(file.bytes)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return (body, "multipart/form-data; boundary=\(boundary)")
    }
}

extension Data {
    fileprivate func hasSuffix(_ tail: Data) -> Bool {
        count >= tail.count && self[(endIndex - tail.count)...] == tail
    }
}
