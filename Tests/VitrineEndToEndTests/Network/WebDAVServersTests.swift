import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineNet

/// The same WebDAV folder on three servers the project did not write (Apache mod_dav, WsgiDAV,
/// rclone): nested, unicode and spaced names list in the show's name order and are mirrored; a
/// file added, deleted and changed while the mirror runs is followed at the next refresh.
@Suite(.serialized) struct WebDAVServersTests {
    let folder = ServedFolder()
    let password = "pw \(UUID().uuidString.prefix(8))"

    /// The names the folder starts with, in the show's name order (digits as numbers, accents beside
    /// their letter, folders by their path).
    static let names = [
        "Photos/a b.jpg", "Photos/Été 2024/plage à midi.jpg", "Photos/été 2024/nested/日本 東京.jpg",
        "Photos/img 2.jpg", "Photos/img 10.jpg",
    ]

    func follow(_ server: WebDAVTestServer) throws {
        // Put in another order than they list in.
        for (i, name) in Self.names.enumerated().reversed() { server.put(name, TestPictures.fakeJPEG(100 + i)) }
        server.put("Photos/notes.txt", Data("not a photo".utf8))
        server.put("Other/outside.jpg", TestPictures.fakeJPEG(99))
        let passwordFile = folder.write("pw-\(server.name.hashValue)", Data("\(password)\n".utf8))
        let source = NetworkSource.webdav(
            WebDAVSource(url: server.base + "/Photos", user: "ann", passwordFile: passwordFile, recursive: true))
        let refresh: Seconds = 2
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
        #expect(
            eventually(timeout: 30) { playable() == Self.names.count },
            "\(server.name): \(names()) \(mirror.status.json.rendered)")
        #expect(names() == Self.names, "\(server.name)")
        #expect(NetworkCheck.check(source).hasSuffix("reachable, 5 photos listed"), "\(server.name)")
        let changed = try #require(mirror.snapshot(source).first { $0.id.remote.hasSuffix("a%20b.jpg") })

        // While it runs: one added, one deleted, one changed (another size, so every server's ETag moves).
        server.put("Photos/été 2024/nested/new one.jpg", TestPictures.fakeJPEG(200))
        server.remove("Photos/img 2.jpg")
        server.put("Photos/a b.jpg", TestPictures.fakeJPEG(201, size: 5000))
        let expected = [
            "Photos/a b.jpg", "Photos/Été 2024/plage à midi.jpg", "Photos/été 2024/nested/new one.jpg",
            "Photos/été 2024/nested/日本 東京.jpg", "Photos/img 10.jpg",
        ]
        #expect(
            eventually(timeout: 30) { names() == expected && playable() == expected.count },
            "\(server.name): \(names()) \(mirror.status.json.rendered)")
        #expect(
            eventually(timeout: 30) {
                let entry = mirror.snapshot(source).first { $0.id == changed.id }
                return (entry?.revision ?? 0) > changed.revision
                    && entry?.localPath.flatMap { FileManager.default.contents(atPath: $0) }
                        == TestPictures.fakeJPEG(201, size: 5000)
            }, "\(server.name): the changed file is fetched again")
        #expect(mirror.status.sources.first?.lastError == nil, "\(server.name): \(mirror.status.json.rendered)")
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

/// Feeds and single images from a plain HTTP server the project did not write (rclone serve http).
@Suite(.serialized) struct PlainHTTPServerTests {
    let folder = ServedFolder()

    @Test func aFeedAndAnImageFromRcloneServeHTTPAreMirrored() throws {
        try #require(RcloneWebDAVServer.isAvailable, "Debian's rclone is needed (deploy/test-packages.txt)")
        let www = folder.sub("www")
        let port = freePort()
        let server = try ServerProcess(
            [
                "/usr/bin/rclone", "serve", "http", www, "--addr", "127.0.0.1:\(port)", "--dir-cache-time", "1s",
                "--config", "/dev/null",
            ], readPort: false)
        defer { server.stop() }
        #expect(eventually(timeout: 20) { isListening(port) })
        folder.write("www/photos/a b.jpg", TestPictures.fakeJPEG(1))
        folder.write("www/photos/été.jpg", TestPictures.fakeJPEG(2))
        folder.write("www/single.jpg", TestPictures.fakeJPEG(3))
        folder.write(
            "www/feeds/feed.xml",
            Data(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <rss version="2.0"><channel xml:base="../photos/"><title>Photos</title>
                <item><title><![CDATA[A & B]]></title><enclosure url="a%20b.jpg" type="image/jpeg"/></item>
                <item><title>Été</title><enclosure url="%C3%A9t%C3%A9.jpg" type="image/jpeg"/></item>
                </channel></rss>
                """.utf8))
        let base = "http://127.0.0.1:\(port)"
        let feed = NetworkSource.feed(FeedSource(url: base + "/feeds/feed.xml"))
        let single = NetworkSource.url(URLSource(url: base + "/single.jpg"))
        let mirror = try Mirror(
            configuration: MirrorConfiguration(cacheDirectory: folder.sub("cache"), refreshInterval: 3600),
            sources: [feed, single])
        mirror.start()
        defer { mirror.stop() }
        #expect(
            eventually(timeout: 30) { mirror.snapshot(feed).count { $0.isPlayable } == 2 },
            "\(mirror.status.json.rendered)")
        #expect(
            eventually(timeout: 30) { mirror.snapshot(single).first?.isPlayable == true },
            "\(mirror.status.json.rendered)")
        #expect(mirror.snapshot(feed).map(\.caption) == ["A & B", "Été"])
        let files = mirror.snapshot(feed).compactMap(\.localPath).map { FileManager.default.contents(atPath: $0) }
        #expect(files == [TestPictures.fakeJPEG(1), TestPictures.fakeJPEG(2)])
        #expect(NetworkCheck.check(single).hasSuffix("reachable, 1 photo listed (JPG)"))
    }
}
