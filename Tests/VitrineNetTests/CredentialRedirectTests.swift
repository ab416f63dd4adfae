import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineNet

/// Credentials stay with the source's own host: a redirect to another loopback address (127.0.0.2,
/// another host as far as the client can tell) is followed without them, and that server, which
/// records every header it is sent, never sees an API key, a password or an `Authorization` line.
@Suite(.serialized) struct CredentialRedirectTests {
    let folder = TemporaryFolder()
    let www: String

    init() {
        www = folder.sub("www")
        folder.write("www/p.jpg", fakeJPEG(7, size: 12_000))
    }

    /// The recording server on `host`, with Basic authentication when `user` is given.
    func recorder(host: String, user: String? = nil, password: String? = nil) throws -> ServerProcess {
        var arguments = [python3, serversFolder + "/recording_server.py", "--root", www, "--host", host]
        if let user, let password { arguments += ["--user", user, "--password", password] }
        return try ServerProcess(arguments)
    }

    /// Every header line each request to `server` carried, in order.
    func requests(_ server: ServerProcess, host: String) throws -> [[String: String]] {
        let text = fetchText("http://\(host):\(server.port)/control/requests")
        let root = try JSONParser.parse(text)
        return (root.elements ?? []).map { request in
            var headers: [String: String] = ["path": request["path"]?.string ?? ""]
            for name in ["x-api-key", "authorization", "cookie"] {
                if let value = request["headers"]?[name]?.string { headers[name] = value }
            }
            return headers
        }
    }

    @Test func anImmichServerRedirectingItsMediaToAnotherHostNeverHandsItTheKey() throws {
        let media = try recorder(host: "127.0.0.2")
        let immichRoot = folder.sub("immich")
        folder.write("immich/p.jpg", fakeJPEG(7, size: 12_000))
        folder.write("immich/t.webp", fakeWebP(8))
        folder.write("www/t.webp", fakeWebP(8))
        let id = "00000000-0000-4000-8000-000000000001"
        folder.write(
            "immich.json",
            Data(
                """
                {"apiKey": "key-123", "people": [],
                 "albums": [{"id": "a1000000-0000-4000-8000-000000000001", "albumName": "Summer", "assets": ["\(id)"]}],
                 "assets": [{"id": "\(id)", "preview": "p.jpg", "thumbnail": "t.webp"}]}
                """.utf8))
        let immich = try ServerProcess([
            python3, serversFolder + "/immich_double.py", "--config", folder.path + "/immich.json", "--root",
            immichRoot, "--redirect-thumbnails", "http://127.0.0.2:\(media.port)",
        ])
        let keyFile = folder.write("key", Data("key-123\n".utf8))
        let source = NetworkSource.immich(
            ImmichSource(server: immich.base, apiKeyFile: keyFile, album: "Summer", favorites: false, person: nil))
        let mirror = try Mirror(
            configuration: MirrorConfiguration(cacheDirectory: folder.sub("cache"), refreshInterval: 3600),
            sources: [source])
        mirror.start()
        defer { mirror.stop() }
        // The photo comes from the other host, without the key.
        #expect(eventually(timeout: 30) { mirror.snapshot(source).first?.isPlayable == true })
        let path = try #require(mirror.snapshot(source).first?.localPath)
        #expect(FileManager.default.contents(atPath: path) == fakeJPEG(7, size: 12_000))
        let seen = try requests(media, host: "127.0.0.2")
        #expect(seen.contains { $0["path"] == "/files/p.jpg" })
        #expect(seen.allSatisfy { $0["x-api-key"] == nil && $0["authorization"] == nil }, "\(seen)")
        // The Immich server itself had the key with every call, thumbnails included.
        let own = fetchText(immich.base + "/control/requests")
        #expect(own.contains("/thumbnail?size=preview") && own.contains("\"x-api-key\": \"key-123\""))
    }

    @Test func aPasswordAndAnAuthorizationHeaderStayWithTheirHost() throws {
        let origin = try recorder(host: "127.0.0.1")
        let other = try recorder(host: "127.0.0.2", user: "ann", password: "pw-secret")
        let away = "http://127.0.0.2:\(other.port)"
        var withPassword = HTTPRequest(
            url: origin.base + "/redirect/p.jpg?to=\(away)", maximumBytes: 1_000_000,
            timeouts: NetworkTimeouts(connect: 5))
        withPassword.credentials = Credentials(user: "ann", password: "pw-secret")
        var withToken = withPassword
        withToken.credentials = nil
        withToken.headers = ["Authorization: Bearer token-secret", "Cookie: session=secret", "Accept: image/*"]
        for request in [withPassword, withToken] {
            let (response, _) = HTTPClient().data(request)
            // Followed without them: the other host asks for a password, and the message says why.
            #expect(response.failure == .credentialsWithheld(host: "127.0.0.2", status: 401))
            #expect(response.failure?.description.contains("never sent to another host") == true)
        }
        let seen = try requests(other, host: "127.0.0.2")
        #expect(seen.count == 2)
        #expect(seen.allSatisfy { $0["authorization"] == nil && $0["cookie"] == nil }, "\(seen)")

        // A redirect on the same host keeps them, and the photo arrives.
        var same = withPassword
        same.url = away + "/redirect/p.jpg?to=\(away)"
        let (ok, data) = HTTPClient().data(same)
        #expect(ok.succeeded)
        #expect(data == fakeJPEG(7, size: 12_000))
    }

    @Test func aPostRedirectedWith303BecomesAGetAndKeepsNoKeyElsewhere() {
        var request = HTTPRequest(
            url: "http://127.0.0.1:1/api/search/metadata", maximumBytes: 1000, timeouts: NetworkTimeouts())
        request.method = "POST"
        request.body = Data("{}".utf8)
        request.headers = ["Content-Type: application/json", "Cookie: session=1"]
        request.secretHeaders = ["x-api-key: key-123"]
        let next = CurlEasy.following(
            request, original: request, to: "http://127.0.0.2:8080/files/p.jpg", status: 303)
        #expect(next.method == "GET" && next.body == nil)
        #expect(next.secretHeaders.isEmpty && next.headers.isEmpty)
        let back = CurlEasy.following(next, original: request, to: "http://127.0.0.1:1/again", status: 307)
        #expect(back.secretHeaders == ["x-api-key: key-123"])
    }
}
