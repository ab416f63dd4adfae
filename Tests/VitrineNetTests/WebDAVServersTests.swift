import Foundation
import Testing
import VitrineCore

@testable import VitrineNet

/// The same WebDAV folder on three servers the project did not write (Apache mod_dav, WsgiDAV,
/// rclone): nested, unicode and spaced names list in the show's name order and are mirrored; a
/// file added, deleted and changed while the mirror runs is followed at the next refresh.
@Suite(.serialized) struct WebDAVServersTests {
    let folder = TemporaryFolder()
    let password = "pw \(UUID().uuidString.prefix(8))"

    /// The names the folder starts with, in the show's name order (digits as numbers, accents beside
    /// their letter, folders by their path).
    static let names = [
        "Photos/a b.jpg", "Photos/Été 2024/plage à midi.jpg", "Photos/été 2024/nested/日本 東京.jpg",
        "Photos/img 2.jpg", "Photos/img 10.jpg",
    ]

    func follow(_ server: WebDAVTestServer) throws {
        // Put in another order than they list in.
        for (i, name) in Self.names.enumerated().reversed() { server.put(name, fakeJPEG(100 + i)) }
        server.put("Photos/notes.txt", Data("not a photo".utf8))
        server.put("Other/outside.jpg", fakeJPEG(99))
        let passwordFile = folder.write("pw-\(server.name.hashValue)", Data("\(password)\n".utf8))
        let source = NetworkSource.webdav(
            WebDAVSource(url: server.base + "/Photos", user: "ann", passwordFile: passwordFile, recursive: true))
        let refresh = 2.0
        let mirror = try Mirror(
            configuration: MirrorConfiguration(
                cacheDirectory: folder.sub("cache-\(server.name.hashValue)"), refreshInterval: refresh),
            sources: [source])
        mirror.start()
        defer { mirror.stop() }
        func names() -> [String] {
            mirror.snapshot(source).map {
                String($0.id.remote.dropFirst(server.base.count + 1)).removingPercentEncoding ?? $0.id.remote
            }
        }
        func playable() -> Int { mirror.snapshot(source).count { $0.isPlayable } }
        #expect(waitUntil { playable() == Self.names.count }, "\(server.name): \(names()) \(mirror.status.json)")
        #expect(names() == Self.names, "\(server.name)")
        #expect(NetworkCheck.check(source).hasSuffix("reachable, 5 photos listed"), "\(server.name)")
        let changed = try #require(mirror.snapshot(source).first { $0.id.remote.hasSuffix("a%20b.jpg") })

        // While it runs: one added, one deleted, one changed (another size, so every server's ETag moves).
        server.put("Photos/été 2024/nested/new one.jpg", fakeJPEG(200))
        server.remove("Photos/img 2.jpg")
        server.put("Photos/a b.jpg", fakeJPEG(201, size: 5000))
        let expected = [
            "Photos/a b.jpg", "Photos/Été 2024/plage à midi.jpg", "Photos/été 2024/nested/new one.jpg",
            "Photos/été 2024/nested/日本 東京.jpg", "Photos/img 10.jpg",
        ]
        #expect(
            waitUntil { names() == expected && playable() == expected.count },
            "\(server.name): \(names()) \(mirror.status.json)")
        #expect(
            waitUntil {
                let entry = mirror.snapshot(source).first { $0.id == changed.id }
                return (entry?.revision ?? 0) > changed.revision
                    && entry?.localPath.flatMap { FileManager.default.contents(atPath: $0) }
                        == fakeJPEG(201, size: 5000)
            }, "\(server.name): the changed file is fetched again")
        #expect(mirror.status.sources.first?.lastError == nil, "\(server.name): \(mirror.status.json)")
    }

    @Test func apacheModDAV() throws {
        try #require(ApacheWebDAV.isAvailable, "Debian's apache2-bin is needed (deploy/test-packages.txt)")
        let server = try ApacheWebDAV(in: folder, user: "ann", password: password)
        defer { server.stop() }
        try follow(server)
    }

    @Test func wsgiDAV() throws {
        try #require(WsgiDAVServer.isAvailable, "WsgiDAV is needed (deploy/test-requirements.txt, make test-deps)")
        let server = try WsgiDAVServer(in: folder, user: "ann", password: password)
        defer { server.stop() }
        try follow(server)
    }

    @Test func rcloneServeWebDAV() throws {
        try #require(RcloneWebDAVServer.isAvailable, "Debian's rclone is needed (deploy/test-packages.txt)")
        let server = try RcloneWebDAVServer(in: folder, user: "ann", password: password)
        defer { server.stop() }
        try follow(server)
    }
}
