import Foundation
import Glibc
import Synchronization
import Testing
import VitrineHTTP
import VitrineTestSupport
import VitrineWeb

/// The HTTP server's event streams on their own: an idle stream holds no worker thread, its
/// events arrive as they are sent, the limits on streams refuse before anything is sent, and the
/// server stops with streams open.
@Suite struct EventStreamTests {
    /// `/events` opens a stream kept in `streams`; `/refused` is refused from its head; others answer at once.
    final class Service: HTTPService {
        let streams = Mutex<[HTTPEventStream]>([])

        func admit(_ head: HTTPHead) -> HTTPAdmission {
            switch head.path {
            case "/events":
                return .events(headers: []) { [self] stream in
                    streams.withLock { $0.append(stream) }
                    stream.send(event: "hello", data: "first")
                }
            case "/refused":
                return .respond(.plainError(401, "sign in first"))
            default:
                return .buffer(limit: 0, seconds: 30) { _ in HTTPResponse(status: 200, body: Data("fast".utf8)) }
            }
        }

        var count: Int { streams.withLock { $0.count } }
    }

    static func server(_ service: Service, workers: Int = 2, perAddress: Int = 8) throws -> HTTPServer {
        var configuration = HTTPServer.Configuration(name: "test server", bind: "127.0.0.1", port: 0)
        configuration.workerThreads = workers
        configuration.streamsPerAddress = perAddress
        configuration.perAddressLimit = 16
        return try HTTPServer(configuration, service: service)
    }

    /// An open connection that asked for `/events`; reads what arrives until a deadline.
    final class Reader {
        let fd: Int32
        var text = ""

        init(port: Int, path: String = "/events") throws {
            fd = try PlainHTTP.connectSocket(port: UInt16(port), timeout: 1)
            let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
            _ = request.withCString { send(fd, $0, strlen($0), 0) }
        }

        /// Reads until `text` contains `wanted` or `seconds` pass; whether it does.
        func waitFor(_ wanted: String, seconds: Double = 5) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !text.contains(wanted), Date() < deadline {
                let count = recv(fd, &buffer, buffer.count, 0)
                if count > 0 {
                    text += String(decoding: buffer[0..<count], as: UTF8.self)
                } else if count == 0 {
                    break
                }
            }
            return text.contains(wanted)
        }

        deinit { close(fd) }
    }

    @Test func idleStreamsHoldNoWorkerAndGetEachEventAsItIsSent() throws {
        let service = Service()
        let server = try Self.server(service, workers: 2)
        defer { server.stop() }
        // More open streams than worker threads.
        let readers = try (0..<6).map { _ in try Reader(port: server.port) }
        for reader in readers {
            #expect(reader.waitFor("event: hello\ndata: first\n\n"))
            #expect(reader.text.hasPrefix("HTTP/1.1 200"))
            #expect(reader.text.lowercased().contains("content-type: text/event-stream"))
        }
        #expect(service.count == 6)
        // Other requests are answered at once.
        #expect(try HTTPServerTests.get(server.port, "/fast").text == "fast")
        // An event sent later arrives on every stream; a line break becomes two data lines.
        for stream in service.streams.withLock({ $0 }) { stream.send(event: "state", data: "{\"a\":1}\nsecond") }
        for reader in readers { #expect(reader.waitFor("event: state\ndata: {\"a\":1}\ndata: second\n\n")) }
    }

    @Test func theLimitOnStreamsFromOneAddressRefusesBeforeAnythingIsSent() throws {
        let service = Service()
        let server = try Self.server(service, perAddress: 2)
        defer { server.stop() }
        let first = try Reader(port: server.port)
        let second = try Reader(port: server.port)
        #expect(first.waitFor("data: first"))
        #expect(second.waitFor("data: first"))
        let third = try Reader(port: server.port)
        #expect(third.waitFor("too many live pages are open from this address"))
        #expect(third.text.hasPrefix("HTTP/1.1 503"))
        #expect(!third.text.contains("data: first"))
        #expect(service.count == 2)
        // A refusal from the head (not signed in) sends no stream either.
        let refused = try Reader(port: server.port, path: "/refused")
        #expect(refused.waitFor("sign in first"))
        #expect(refused.text.hasPrefix("HTTP/1.1 401"))
    }

    @Test func aStreamEndedByTheServiceClosesAndTheServerStopsWithStreamsOpen() throws {
        let service = Service()
        let server = try Self.server(service)
        let closed = Mutex(0)
        let first = try Reader(port: server.port)
        #expect(first.waitFor("data: first"))
        let ended = try #require(service.streams.withLock { $0.first })
        ended.whenClosed { closed.withLock { $0 += 1 } }
        ended.end()
        // The chunked answer's last chunk: the stream is over.
        #expect(first.waitFor("0\r\n\r\n"), "the ended stream's end: \(first.text)")
        #expect(!ended.isOpen)
        let readers = try (0..<2).map { _ in try Reader(port: server.port) }
        for reader in readers { #expect(reader.waitFor("data: first")) }
        for stream in service.streams.withLock({ $0 }).dropFirst() { stream.whenClosed { closed.withLock { $0 += 1 } } }
        let started = Date()
        server.stop()
        #expect(Date().timeIntervalSince(started) < 5, "stopping waited for open streams")
        #expect(closed.withLock { $0 } == 3)
        #expect(service.streams.withLock { $0.allSatisfy { !$0.isOpen } })
    }

    @Test func theNowPagesStreamIsOpenedOnlyForASignedInSession() throws {
        let fixture = SiteFixture()
        let head = { (cookie: String?) in
            HTTPHead(
                method: "GET", path: "/api/events",
                headers: ["Host": "127.0.0.1:8080"].merging(cookie.map { ["Cookie": $0] } ?? [:]) { $1 })
        }
        guard case .respond(let refused) = fixture.site.admit(head(nil)) else {
            Issue.record("a stream was opened without a session")
            return
        }
        #expect(refused.status == 401)
        guard
            case .respond(let wrong) = fixture.site.admit(head("vitrine_session=" + String(repeating: "0", count: 64)))
        else {
            Issue.record("a stream was opened with a made-up session")
            return
        }
        #expect(wrong.status == 401)
        let browser = try fixture.setUp()
        guard case .events = fixture.site.admit(head(browser.cookie)) else {
            Issue.record("a signed-in browser got no stream")
            return
        }
    }
}
