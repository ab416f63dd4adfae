import Foundation
import Testing
import VitrineHTTP
import VitrineTestSupport

/// The HTTP server with a certificate and key answers over TLS (curl checking the certificate),
/// and refuses a plain request on that port; without them it speaks plain HTTP (the other suites).
@Suite struct HTTPServerTLSTests {
    @Test func withACertificateAndKeyTheServerAnswersOverTLS() throws {
        let folder = try TemporaryFolder()
        let made = try ChildProcess.run(
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", folder.at("key.pem"), "-out",
                folder.at("cert.pem"),
            ], executable: "/usr/bin/openssl")
        try #require(made.status == 0, "openssl: \(made.stderr)")
        var configuration = HTTPServer.Configuration(name: "test server", bind: "127.0.0.1", port: 0)
        configuration.certificatePEM = try String(contentsOfFile: folder.at("cert.pem"), encoding: .utf8)
        configuration.keyPEM = try String(contentsOfFile: folder.at("key.pem"), encoding: .utf8)
        let server = try HTTPServer(configuration, service: HTTPServerTests.Service())
        defer { server.stop() }
        #expect(server.tls)
        let fetched = try ChildProcess.run(
            [
                "--silent", "--show-error", "--max-time", "10", "--cacert", folder.at("cert.pem"),
                "https://127.0.0.1:\(server.port)/fast",
            ], executable: "/usr/bin/curl")
        #expect(fetched.status == 0, "curl: \(fetched.stderr)")
        #expect(fetched.stdout == "fast")
        // Plain HTTP on the TLS port gets no HTTP answer.
        let plain = try? HTTPServerTests.get(server.port, "/fast")
        #expect(plain?.status != 200)
    }
}
