import Foundation
import Glibc
import Testing
import VitrineHTTP
import VitrineTestSupport

/// A request refused from its head (no sign-in, a body announced too large, a foreign host
/// name, a head too large to hold) gets its answer: the status line arrives on the socket while
/// the client still owes the body it announced. The client is a raw socket that reads without
/// sending another byte, so an answer that is made but not queued shows as a connection that
/// closes (or stays silent) with no status line.
@Suite struct HTTPRefusalTests {
    /// Sends `request` on a new connection to `port`, sends nothing more, and returns the first
    /// line that comes back within 10 s ("" when the server closed or stayed silent first).
    static func firstLine(_ port: Int, _ request: String) throws -> String {
        let fd = try PlainHTTP.connectSocket(port: UInt16(port), timeout: 10)
        defer { close(fd) }
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { break }
            sent += n
        }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(10)
        while !reply.contains(UInt8(ascii: "\n")), Date() < deadline {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            guard poll(&ready, 1, left) > 0 else { break }
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { break }
            reply += buffer[0..<n]
        }
        let line = reply.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? []
        return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func post(_ path: String, host: String = "127.0.0.1", length: Int) -> String {
        "POST \(path) HTTP/1.1\r\nHost: \(host)\r\nContent-Length: \(length)\r\n\r\n"
    }

    @Test func aRefusalFromTheHeadIsAnsweredBeforeTheBody() throws {
        let server = try HTTPServerTests.server(HTTPServerTests.Service())
        defer { server.stop() }
        let port = server.port
        // No body: answered at once.
        #expect(try Self.firstLine(port, "GET /secret HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").hasPrefix("HTTP/1.1 401"))
        // A megabyte announced and none of it sent: the refusal does not wait for it.
        #expect(try Self.firstLine(port, Self.post("/secret", length: 1 << 20)).hasPrefix("HTTP/1.1 401"))
        // More than the service takes, announced: 413 before any of it is read.
        #expect(try Self.firstLine(port, Self.post("/upload", length: 1 << 30)).hasPrefix("HTTP/1.1 413"))
        // A name this device does not answer to, with a body announced.
        #expect(
            try Self.firstLine(port, Self.post("/upload", host: "rebind.example", length: 1 << 20))
                .hasPrefix("HTTP/1.1 421"))
        // A small body, chunked, read and dropped: the answer follows it.
        #expect(
            try Self.firstLine(
                port,
                "POST /secret HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
            ).hasPrefix("HTTP/1.1 401"))
    }

    @Test func aHeadTooLargeToHoldIsRefusedWithAnAnswer() throws {
        let server = try HTTPServerTests.server(HTTPServerTests.Service())
        defer { server.stop() }
        let huge = String(repeating: "a", count: 256 << 10)
        let line = try Self.firstLine(server.port, "GET /fast HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(huge)\r\n\r\n")
        #expect(line.hasPrefix("HTTP/1.1 4"), "the answer to an oversized head: '\(line)'")
    }
}
