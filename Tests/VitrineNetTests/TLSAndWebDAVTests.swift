import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineNet

/// TLS with a certificate authority made for the test, and a real WebDAV server (Apache mod_dav).
@Suite(.serialized) struct TLSAndWebDAVTests {
    let folder = TemporaryFolder()

    @Test func tlsIsVerifiedAndAPrivateCAIsTrustedOnlyWhenGiven() throws {
        let ca = try TestCA(in: folder)
        let www = folder.sub("www")
        folder.write("www/p.jpg", fakeJPEG(1))
        folder.write("www/feed.json", Data(#"["p.jpg"]"#.utf8))
        let server = try ServerProcess.faults(root: www, cert: ca.certFile, key: ca.keyFile)
        let url = "https://127.0.0.1:\(server.port)/files/feed.json"
        let refused = NetworkCheck.check(.feed(FeedSource(url: url)))
        #expect(
            refused.contains(
                "TLS: the server's certificate comes from an unknown issuer (for a private CA, set caFile)"))
        let trusted = NetworkCheck.check(.feed(FeedSource(url: url, caFile: ca.caFile)))
        #expect(trusted.hasSuffix("reachable, 1 photo listed"))

        let source = NetworkSource.feed(FeedSource(url: url, caFile: ca.caFile))
        let mirror = try Mirror(
            configuration: MirrorConfiguration(cacheDirectory: folder.sub("cache"), refreshInterval: 3600),
            sources: [source])
        mirror.start()
        defer { mirror.stop() }
        #expect(eventually(timeout: 30) { mirror.snapshot(source).first?.isPlayable == true })
    }

    @Test func aWebDAVFolderIsWalkedWithItsPasswordAndMirrored() throws {
        try #require(ApacheWebDAV.isAvailable, "Debian's apache2-bin is needed (deploy/test-packages.txt)")
        let password = "s3cret-pw-\(UUID().uuidString.prefix(8))"
        let dav = try ApacheWebDAV(in: folder, user: "ann", password: password)
        defer { dav.stop() }
        dav.put("Photos/a.jpg", fakeJPEG(1))
        dav.put("Photos/notes.txt", Data("not a photo".utf8))
        dav.put(
            "Photos/2024/b.png",
            Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(fakeJPEG(2).dropFirst(8))))
        dav.put("Photos/2024/deep/c.jpg", fakeJPEG(3))
        dav.put("Other/secret.jpg", fakeJPEG(4))
        let passwordFile = folder.write("pw", Data("\(password)\n".utf8))
        let wrongFile = folder.write("wrong", Data("nope\n".utf8))
        let base = dav.base + "/Photos"

        let flat = WebDAVSource(url: base, user: "ann", passwordFile: passwordFile)
        #expect(NetworkCheck.check(.webdav(flat)).hasSuffix("reachable, 1 photo listed"))
        var deep = flat
        deep.recursive = true
        let line = NetworkCheck.check(.webdav(deep))
        #expect(line.hasSuffix("reachable, 3 photos listed"))
        #expect(!line.contains(password))
        var wrong = deep
        wrong.passwordFile = wrongFile
        #expect(NetworkCheck.check(.webdav(wrong)).contains("401 Unauthorized"))
        var none = deep
        none.user = nil
        none.passwordFile = nil
        #expect(NetworkCheck.check(.webdav(none)).contains("401"))

        let source = NetworkSource.webdav(deep)
        let cache = folder.sub("cache")
        let mirror = try Mirror(
            configuration: MirrorConfiguration(cacheDirectory: cache, refreshInterval: 3600), sources: [source])
        mirror.start()
        defer { mirror.stop() }
        #expect(eventually(timeout: 30) { mirror.snapshot(source).filter(\.isPlayable).count == 3 })
        let ids = mirror.snapshot(source).map(\.id.remote)
        #expect(ids.allSatisfy { $0.hasPrefix(base + "/") })
        #expect(!ids.contains { $0.contains("secret") || $0.hasSuffix(".txt") })
        let png = mirror.snapshot(source).compactMap(\.localPath).filter { $0.hasSuffix(".png") }
        #expect(png.count == 1)
        mirror.stop()
        let index = try String(contentsOfFile: cache + "/index.json", encoding: .utf8)
        #expect(!index.contains(password), "credentials never reach the index")
        #expect(!mirror.status.json.contains(password))
    }
}
