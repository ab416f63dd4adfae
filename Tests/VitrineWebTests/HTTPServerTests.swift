import Foundation
import Glibc
import Synchronization
import Testing
import VitrineCore
import VitrineHTTP
import VitrineTestSupport

/// The one HTTP server on its own, with a service made for the test: a slow answer holds up no
/// one, a request head trickled byte by byte is cut off at its time, one address cannot take
/// every connection, and a body is refused from the head.
@Suite struct HTTPServerTests {
    /// `/slow` waits until released; `/fast` answers at once; `/upload` takes 1 KB.
    final class Service: HTTPService {
        let release = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        let bodiesSeen = Counter()

        final class Counter: Sendable {
            let value = Mutex(0)
        }

        func admit(_ head: HTTPHead) -> HTTPAdmission {
            switch head.path {
            case "/slow":
                return .buffer(limit: 0, seconds: 30) { [release, entered] _ in
                    entered.signal()
                    _ = release.wait(timeout: .now() + 20)
                    return HTTPResponse(status: 200, body: Data("slow".utf8))
                }
            case "/upload":
                return .buffer(limit: 1024, seconds: 30) { [bodiesSeen] body in
                    bodiesSeen.value.withLock { $0 += 1 }
                    return HTTPResponse(status: 200, body: Data("\(body.count)".utf8))
                }
            case "/secret":
                return .respond(.plainError(401, "sign in first"))
            default:
                return .buffer(limit: 0, seconds: 30) { _ in HTTPResponse(status: 200, body: Data("fast".utf8)) }
            }
        }
    }

    static func server(_ service: Service, headSeconds: Seconds = 10) throws -> HTTPServer {
        var configuration = HTTPServer.Configuration(name: "test server", bind: "127.0.0.1", port: 0)
        configuration.perAddressLimit = 8
        configuration.headSeconds = headSeconds
        configuration.changesNeedOrigin = false
        return try HTTPServer(configuration, service: service)
    }

    static func get(_ port: Int, _ path: String, from: String = "127.0.0.1") throws -> PlainHTTP.Answer {
        try PlainHTTP.exchange(
            port: UInt16(port),
            Data("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8), from: from)
    }

    @Test func aSlowAnswerHoldsUpNoOtherClient() throws {
        let service = Service()
        let server = try Self.server(service)
        defer { server.stop() }
        let slow = DispatchGroup()
        let slowStatus = Mutex(0)
        // Threads of their own: the shared queue's threads may all be busy with other tests.
        for _ in 0..<3 {
            slow.enter()
            Thread {
                let status = (try? Self.get(server.port, "/slow").status) ?? -1
                slowStatus.withLock { $0 = status }
                slow.leave()
            }.start()
        }
        // The three slow answers are being made (more than the server's event threads).
        for _ in 0..<3 { #expect(service.entered.wait(timeout: .now() + 10) == .success) }
        let started = Date()
        for _ in 0..<5 { #expect(try Self.get(server.port, "/fast").text == "fast") }
        #expect(Date().timeIntervalSince(started) < 2, "answers waited for the slow ones")
        for _ in 0..<3 { service.release.signal() }
        #expect(slow.wait(timeout: .now() + 10) == .success)
        #expect(slowStatus.withLock { $0 } == 200)
    }

    @Test func aTrickledHeadIsCutOffAtItsTimeHoweverSlowly() throws {
        let server = try Self.server(Service(), headSeconds: 2)
        defer { server.stop() }
        let fd = try PlainHTTP.connectSocket(port: UInt16(server.port), timeout: 1)
        defer { close(fd) }
        let started = Date()
        var closed = false
        // One byte every 0.3 s (well inside the library's own idle timeout): the watchdog ends
        // the connection after the head's 2 s.
        let head = Array(
            "GET /fast HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".utf8)
        for byte in head {
            var one = byte
            if send(fd, &one, 1, Int32(MSG_NOSIGNAL)) != 1 {
                closed = true
                break
            }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            // Waits for the server to close (readable: end of stream), at most 0.3 s a byte.
            if poll(&ready, 1, 300) > 0 {
                closed = true
                break
            }
        }
        #expect(closed, "the trickling connection was never closed")
        // Not before its time either: a head limit taken in another unit (milliseconds for
        // seconds, say) cuts it off at once, or never.
        let took = Date().timeIntervalSince(started)
        #expect(took >= 1.5, "cut off after \(took) s, before the head's 2 s")
        #expect(took < 5)
    }

    @Test func oneAddressCannotTakeEveryConnection() throws {
        let server = try Self.server(Service())
        defer { server.stop() }
        var held: [Int32] = []
        defer { for fd in held { close(fd) } }
        for _ in 0..<40 {
            let fd = try PlainHTTP.connectSocket(port: UInt16(server.port))
            _ = send(fd, "GET /fast HTTP/1.1\r\n", 20, Int32(MSG_NOSIGNAL))
            held.append(fd)
        }
        let started = Date()
        #expect(try Self.get(server.port, "/fast", from: "127.0.0.2").text == "fast")
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test func aBodyIsRefusedFromTheHeadAndLimitedWhileRead() throws {
        let service = Service()
        let server = try Self.server(service)
        defer { server.stop() }
        let port = UInt16(server.port)
        func post(_ path: String, _ body: Data, length: Int? = nil) throws -> Int {
            var request = Data(
                "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: \(length ?? body.count)\r\n\r\n"
                    .utf8)
            request.append(body)
            return try PlainHTTP.exchange(port: port, request).status
        }
        #expect(try post("/secret", Data(count: 100)) == 401)
        #expect(try post("/upload", Data(), length: 1 << 30) == 413)
        #expect(try post("/upload", Data(count: 512)) == 200)
        #expect(service.bodiesSeen.value.withLock { $0 } == 1)
        // A foreign host name is refused before anything else.
        let foreign = try PlainHTTP.exchange(
            port: port, Data("GET /fast HTTP/1.1\r\nHost: rebind.example\r\nConnection: close\r\n\r\n".utf8))
        #expect(foreign.status == 421)
    }
}
