import Foundation
import Glibc
import Testing
import VitrineCLI
import VitrineCore
import VitrineMedia
import VitrineRemote

@Suite struct ControlAPITests {
    /// A folder with a token file, removed at the end.
    final class Secrets {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitrine-secrets-\(UUID().uuidString)")
        let token = "t0ken-\(UUID().uuidString)"
        var tokenFile: String { folder.appendingPathComponent("vitrine-control-token").path }

        init() throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try (token + "\n").write(toFile: tokenFile, atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    private func server(_ args: [String], environment: [String: String] = [:]) throws -> RemoteControl {
        try RemoteControl(
            options: try RemoteHarness.options(["--control-port", "0"] + args), version: "1.2.3", hostname: "test",
            environment: environment)
    }

    @Test func beyondLoopbackTheAPINeedsAToken() throws {
        #expect(throws: RemoteError.self) { try server(["--control-bind", "127.0.0.2"]) }
    }

    @Test func withoutOrWithAWrongTokenRequestsAreRefused() throws {
        let secrets = try Secrets()
        let remote = try server(["--control-bind", "127.0.0.2", "--control-token-file", secrets.tokenFile])
        defer { remote.stop() }
        let port = try #require(remote.server?.port)
        let body = Array(#"{"command":"next"}"#.utf8)
        for token in [nil, "wrong", secrets.token + "x", String(secrets.token.dropLast())] {
            let client = ControlClient(host: "127.0.0.2", port: port, token: token)
            #expect(try client.request("POST", "/api/cmd", body: body).status == 401)
            #expect(try client.request("GET", "/api/state").status == 401)
        }
        #expect(remote.take().isEmpty)
        let client = ControlClient(host: "127.0.0.2", port: port, token: secrets.token)
        let reply = try client.request("POST", "/api/cmd", body: body)
        #expect(reply.status == 202)
        #expect(try JSONParser.parse(reply.text)["ok"]?.bool == true)
        #expect(remote.take() == [.next])
    }

    @Test func stateCommandsAndFrameOverHTTP() throws {
        let remote = try server([])
        defer { remote.stop() }
        let client = ControlClient(host: "127.0.0.1", port: try #require(remote.server?.port), token: nil)
        #expect(try client.request("GET", "/api/state").status == 503)
        #expect(try client.request("GET", "/api/frame.jpg").status == 404)
        var state = RemoteState()
        state.index = 3
        state.count = 9
        state.file = "harbour.jpg"
        remote.publish(state: state)
        let reply = try client.request("GET", "/api/state")
        #expect(reply.status == 200)
        let node = try JSONParser.parse(reply.text)
        #expect(node["index"]?.number == 3 && node["file"]?.string == "harbour.jpg")
        let jpeg = try #require(
            FrameJPEG.encode(argb: Array(repeating: 0xFF20_8040, count: 64 * 48), width: 64, height: 48))
        remote.publish(frameJPEG: jpeg)
        let frame = try client.request("GET", "/api/frame.jpg")
        #expect(frame.status == 200 && frame.body == jpeg)

        let bad = try client.request("POST", "/api/cmd", body: Array(#"{"command":"goto","index":-2}"#.utf8))
        #expect(bad.status == 400)
        #expect(try JSONParser.parse(bad.text)["error"]?.string == "out-of-range")
        let huge = try client.request("POST", "/api/cmd", body: Array(repeating: UInt8(ascii: " "), count: 100_000))
        #expect(huge.status == 413)
        #expect(try client.request("GET", "/api/cmd").status == 405)
        #expect(try client.request("GET", "/etc/passwd").status == 404)
        #expect(remote.take().isEmpty)
        #expect(
            try client.request("POST", "/api/cmd", body: Array(#"{"command":"goto","index":2}"#.utf8)).status == 202)
        #expect(remote.take() == [.goTo(index: 2)])
    }

    @Test func ctlTalksToARunningControlServer() throws {
        let secrets = try Secrets()
        // The token comes from $CREDENTIALS_DIRECTORY on both sides, as under systemd's LoadCredential=.
        let environment = ["CREDENTIALS_DIRECTORY": secrets.folder.path]
        let remote = try server([], environment: environment)
        defer { remote.stop() }
        let port = String(try #require(remote.server?.port))
        var printed: [String] = []
        func ctl(_ args: [String], _ env: [String: String] = environment) -> Int32 {
            Ctl.run(["--port", port] + args, environment: env) { printed.append($0) }
        }
        #expect(ctl(["next"]) == 0)
        #expect(ctl(["goto", "4"]) == 0)
        #expect(ctl(["display", "off"]) == 0)
        #expect(ctl(["notice", "Closing in 10 minutes", "120"]) == 0)
        #expect(ctl(["playlist", "auto"]) == 0)
        #expect(ctl(["send", #"{"command":"transition","kind":"zoom"}"#]) == 0)
        #expect(
            remote.take() == [
                .next, .goTo(index: 4), .display(.off), .notice(text: "Closing in 10 minutes", seconds: 120),
                .playPlaylist(.auto), .setTransition(.zoom),
            ])
        var state = RemoteState()
        state.count = 12
        remote.publish(state: state)
        printed.removeAll()
        #expect(ctl(["state"]) == 0)
        #expect(try JSONParser.parse(printed.joined())["count"]?.number == 12)
        // Usage errors are found before sending; a missing token is refused by the server.
        #expect(ctl(["goto", "three"]) == 2)
        #expect(ctl(["interval", "0"]) == 2)
        #expect(ctl(["dance"]) == 2)
        #expect(ctl(["next"], [:]) == 1)
        #expect(remote.take().isEmpty)
        #expect(Ctl.run(["--port", "1", "next"], environment: environment) { _ in } == 1)
    }

    /// One raw request from a loopback address: the status, or 0 when the connection closed unanswered.
    static func rawStatus(port: Int, from: String = "127.0.0.1", _ head: String, body: [UInt8] = []) -> Int {
        guard let fd = rawConnect(port: port, from: from) else { return -1 }
        defer { close(fd) }
        let request = Array(head.utf8) + body
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            reply += buffer[0..<n]
        }
        let line = String(decoding: reply.prefix { $0 != 13 }, as: UTF8.self).split(separator: " ")
        return line.count > 1 ? Int(line[1]) ?? 0 : 0
    }

    static func rawConnect(port: Int, from: String) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(from)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = UInt16(port).bigEndian
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok =
            withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) }
            }
            == 0
            && withUnsafePointer(to: &remote) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, size) }
            } == 0
        if !ok {
            close(fd)
            return nil
        }
        return fd
    }

    @Test func foreignHostsOriginsAndSlowClientsAreRefusedBeforeAnyBody() throws {
        let secrets = try Secrets()
        let remote = try server(["--control-token-file", secrets.tokenFile])
        defer { remote.stop() }
        let port = try #require(remote.server?.port)
        let auth = "Authorization: Bearer \(secrets.token)\r\n"
        let command = Array(#"{"command":"next"}"#.utf8)
        func post(_ extra: String) -> String {
            "POST /api/cmd HTTP/1.1\r\nConnection: close\r\nContent-Length: \(command.count)\r\n\(extra)\r\n"
        }
        // With the token any name will do (`vitrine ctl --host frame.lan`): a rebinding page cannot know it.
        #expect(Self.rawStatus(port: port, post("Host: frame.lan\r\n" + auth), body: command) == 202)
        #expect(remote.take() == [.next])
        // Without one (loopback only), DNS rebinding: a name that is not this device's is refused.
        let open = try server([])
        defer { open.stop() }
        let openPort = try #require(open.server?.port)
        #expect(Self.rawStatus(port: openPort, post("Host: rebind.example\r\n"), body: command) == 421)
        #expect(Self.rawStatus(port: openPort, post("Host: localhost\r\n"), body: command) == 202)
        #expect(open.take() == [.next])
        // A browser's page from elsewhere.
        #expect(
            Self.rawStatus(
                port: port, post("Host: 127.0.0.1\r\nOrigin: http://evil.example\r\n" + auth), body: command) == 403)
        // Without the token a 10 MB body is refused from the head (401, not read, not 413).
        #expect(
            Self.rawStatus(
                port: port,
                "POST /api/cmd HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 10485760\r\n\r\n")
                == 401)
        #expect(remote.take().isEmpty)
        // Forty half-sent heads from one address: another address is answered at once.
        var held: [Int32] = []
        defer { for fd in held { close(fd) } }
        for _ in 0..<40 {
            guard let fd = Self.rawConnect(port: port, from: "127.0.0.1") else { break }
            _ = send(fd, "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", 48, Int32(MSG_NOSIGNAL))
            held.append(fd)
        }
        #expect(held.count == 40)
        let started = Date()
        #expect(Self.rawStatus(port: port, from: "127.0.0.2", post("Host: 127.0.0.1\r\n" + auth), body: command) == 202)
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(remote.take() == [.next])
    }
}
