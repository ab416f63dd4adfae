import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineNet

/// No malformed, cut or substituted answer removes a mirrored photo; a listing that removes half or
/// more of them must be said twice, a refresh apart. Each case on a mirror that already holds photos,
/// against a real server process (listing_server.py).
@Suite(.serialized) struct ListingGuardTests: MirrorFixture {
    let folder = ServedFolder()

    func configuration(refresh: Seconds = 3600) -> MirrorConfiguration {
        configuration(cacheBytes: 2 * 1024 * 1024 * 1024, refresh: refresh)
    }

    static func server(root: String, port: Int = 0, mode: String = "http") throws -> ServerProcess {
        try ServerProcess([
            python3, serversFolder + "/listing_server.py", "--root", root, "--port", "\(port)", "--mode", mode,
        ])
    }

    func playable(_ mirror: Mirror, _ source: NetworkSource) -> [MirroredEntry] {
        mirror.snapshot(source).filter(\.isPlayable)
    }

    func rss(_ names: [String], base: String) -> String {
        let items = names.map {
            "<item><title>\($0)</title><enclosure url=\"\(base)/files/\($0)\" type=\"image/jpeg\" length=\"1\"/></item>"
        }
        return "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>t</title>\n"
            + items.joined(separator: "\n") + "\n</channel></rss>\n"
    }

    func multistatus(_ names: [String]) -> String {
        let responses = names.map {
            """
            <D:response><D:href>/dav/\($0)</D:href><D:propstat><D:prop><D:resourcetype/>\
            <D:getcontenttype>image/jpeg</D:getcontenttype></D:prop><D:status>HTTP/1.1 200 OK</D:status>\
            </D:propstat></D:response>
            """
        }
        return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<D:multistatus xmlns:D=\"DAV:\">\n"
            + "<D:response><D:href>/dav/</D:href><D:propstat><D:prop><D:resourcetype><D:collection/></D:resourcetype>"
            + "</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>\n"
            + responses.joined(separator: "\n") + "\n</D:multistatus>\n"
    }

    let names = ["p1.jpg", "p2.jpg", "p3.jpg", "p4.jpg"]

    /// A mirror of the four photos through `source`, all playable, and their files.
    func mirrored(_ source: NetworkSource, refresh: Seconds = 3600) throws -> (Mirror, [String]) {
        for (i, name) in names.enumerated() { folder.write("www/\(name)", TestPictures.fakeJPEG(i + 1)) }
        let mirror = try Mirror(configuration: configuration(refresh: refresh), sources: [source])
        mirror.start()
        #expect(eventually(timeout: 30) { playable(mirror, source).count == 4 })
        return (mirror, playable(mirror, source).compactMap(\.localPath))
    }

    /// Refreshes now and waits for the listing to have been judged (its refresh time moves).
    func refresh(_ mirror: Mirror) {
        let before = mirror.status.sources.first?.lastRefresh
        mirror.refreshNow()
        #expect(eventually(timeout: 30) { mirror.status.sources.first?.lastRefresh != before })
    }

    func expectAllKept(_ mirror: Mirror, _ source: NetworkSource, _ files: [String]) {
        #expect(playable(mirror, source).count == 4)
        #expect(files.allSatisfy { FileManager.default.fileExists(atPath: $0) })
    }

    @Test func anHTMLPageAnsweredWith200RemovesNothing() throws {
        let server = try Self.server(root: www)
        folder.write("www/feed.xml", Data(rss(names, base: server.base).utf8))
        let source = NetworkSource.feed(FeedSource(url: server.base + "/files/feed.xml"))
        let (mirror, files) = try mirrored(source)
        defer { mirror.stop() }
        // A captive portal: its login page, 200, text/html, in place of the feed.
        folder.write("www/feed.xml", Data("<html><body><form>Log in to the Wi-Fi</form></body></html>".utf8))
        folder.write("www/feed.xml.type", Data("text/html; charset=utf-8".utf8))
        refresh(mirror)
        let error = mirror.status.sources.first?.lastError ?? ""
        #expect(error.contains("HTML page"), "\(error)")
        expectAllKept(mirror, source, files)
        #expect(mirror.status.json.rendered.contains("HTML page"))
        // The same page without its content type: an XML document whose root is <html>, not a feed.
        try FileManager.default.removeItem(atPath: www + "/feed.xml.type")
        refresh(mirror)
        let root = mirror.status.sources.first?.lastError ?? ""
        #expect(root.contains("root <html>") && root.contains("not an RSS or Atom feed"), "\(root)")
        expectAllKept(mirror, source, files)
    }

    @Test func aFeedCutMidDocumentRemovesNothingAndSaysWhere() throws {
        let server = try Self.server(root: www)
        let whole = rss(names, base: server.base)
        folder.write("www/feed.xml", Data(whole.utf8))
        let source = NetworkSource.feed(FeedSource(url: server.base + "/files/feed.xml"))
        let (mirror, files) = try mirrored(source)
        defer { mirror.stop() }
        // Cut after the first item: what is there is a good start of a feed naming one photo.
        let cut = whole.range(of: "<item><title>p2.jpg")?.lowerBound ?? whole.endIndex
        folder.write("www/feed.xml", Data(whole[..<cut].utf8))
        refresh(mirror)
        let error = mirror.status.sources.first?.lastError ?? ""
        #expect(error.contains("not well-formed XML: line"), "\(error)")
        #expect(error.contains("column"), "\(error)")
        expectAllKept(mirror, source, files)
    }

    @Test func aPropfindAnswerCutMidDocumentRemovesNothing() throws {
        let server = try Self.server(root: www)
        let whole = multistatus(names)
        folder.write("www/propfind.xml", Data(whole.utf8))
        let source = NetworkSource.webdav(WebDAVSource(url: server.base + "/dav/"))
        let (mirror, files) = try mirrored(source)
        defer { mirror.stop() }
        let cut = whole.range(of: "<D:response><D:href>/dav/p2.jpg")?.lowerBound ?? whole.endIndex
        folder.write("www/propfind.xml", Data(whole[..<cut].utf8))
        refresh(mirror)
        let error = mirror.status.sources.first?.lastError ?? ""
        #expect(error.contains("WebDAV multistatus answer is not well-formed XML: line"), "\(error)")
        expectAllKept(mirror, source, files)
    }

    @Test func aListingThatDropsHalfThePhotosOnceRemovesNothing() throws {
        let server = try Self.server(root: www)
        folder.write("www/feed.xml", Data(rss(names, base: server.base).utf8))
        let source = NetworkSource.feed(FeedSource(url: server.base + "/files/feed.xml"))
        let (mirror, files) = try mirrored(source)
        defer { mirror.stop() }
        folder.write("www/feed.xml", Data(rss(["p1.jpg", "p2.jpg"], base: server.base).utf8))
        refresh(mirror)
        let status = try #require(mirror.status.sources.first)
        #expect(status.held?.contains("would remove 2 of 4 photos is held") == true, "\(status.held ?? "")")
        #expect(status.lastError?.contains("would remove 2 of 4 photos") == true)
        #expect(mirror.status.json.rendered.contains("\"held\":"), "\(mirror.status.json.rendered)")
        expectAllKept(mirror, source, files)
        // Asked again at once (not a refresh later): still held.
        refresh(mirror)
        expectAllKept(mirror, source, files)
        // The whole listing is back: nothing was lost, nothing is held.
        folder.write("www/feed.xml", Data(rss(names, base: server.base).utf8))
        refresh(mirror)
        #expect(mirror.status.sources.first?.held == nil)
        #expect(mirror.status.sources.first?.lastError == nil)
        expectAllKept(mirror, source, files)
    }

    @Test func anEmptyListingRemovesNothingAtOnce() throws {
        let server = try Self.server(root: www)
        folder.write("www/feed.json", Data(("[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]").utf8))
        let source = NetworkSource.feed(FeedSource(url: server.base + "/files/feed.json"))
        let (mirror, files) = try mirrored(source)
        defer { mirror.stop() }
        folder.write("www/feed.json", Data("[]".utf8))
        refresh(mirror)
        #expect(mirror.status.sources.first?.held?.contains("would remove all 4 photos") == true)
        expectAllKept(mirror, source, files)
    }

    @Test func theSameListingARefreshLaterRemovesThePhotos() throws {
        let server = try Self.server(root: www)
        folder.write("www/feed.xml", Data(rss(names, base: server.base).utf8))
        let source = NetworkSource.feed(FeedSource(url: server.base + "/files/feed.xml"))
        let interval: Seconds = 2
        let (mirror, files) = try mirrored(source, refresh: interval)
        defer { mirror.stop() }
        folder.write("www/feed.xml", Data(rss(["p4.jpg"], base: server.base).utf8))
        #expect(eventually(timeout: 30) { mirror.status.sources.first?.held != nil })
        let heldAt = Date()
        expectAllKept(mirror, source, files)
        // The next refresh brings the same listing: now the three photos go.
        #expect(eventually(timeout: 30) { mirror.snapshot(source).count == 1 })
        #expect(Date() - heldAt >= interval * 0.8, "not before a refresh interval")
        #expect(mirror.snapshot(source).first?.id.remote == server.base + "/files/p4.jpg")
        #expect(eventually(timeout: 30) { files.filter { FileManager.default.fileExists(atPath: $0) }.count == 1 })
        #expect(mirror.status.sources.first?.held == nil)
        #expect(mirror.status.sources.first?.lastError == nil)
    }

    @Test func aFrameStartedBeforeItsServerShowsPhotosSoonAfterTheServerComes() throws {
        let port = freePort()
        for (i, name) in names.enumerated() { folder.write("www/\(name)", TestPictures.fakeJPEG(i + 1)) }
        folder.write("www/feed.json", Data(#"["p1.jpg", "p2.jpg"]"#.utf8))
        // The refresh interval of a real frame: without the first-listing retries, the next try is 10 minutes away.
        var config = configuration(refresh: 600)
        config.backoffBase = 5
        config.backoffMaximum = 600
        let source = NetworkSource.feed(FeedSource(url: "http://127.0.0.1:\(port)/files/feed.json"))
        let mirror = try Mirror(configuration: config, sources: [source])
        let started = Date()
        mirror.start()
        defer { mirror.stop() }
        #expect(
            eventually(timeout: 30) { mirror.status.sources.first?.lastError?.contains("could not connect") == true })
        #expect(eventually(timeout: 6) { Date().timeIntervalSince(started) >= 5 })
        let server = try Self.server(root: www, port: port)
        defer { server.stop() }
        #expect(eventually(timeout: 20) { playable(mirror, source).count == 2 })
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed < 15, "photos \(elapsed) s after the start")
    }

    @Test func retryAfterIsWaitedForAndNoLonger() throws {
        let server = try Self.server(root: www)
        folder.write("www/p1.jpg", TestPictures.fakeJPEG(1))
        folder.write("www/feed.json", Data(#"["/files/p1.jpg"]"#.utf8))
        let source = NetworkSource.feed(FeedSource(url: server.base + "/busy/feed.json?times=1&after=2"))
        let mirror = try Mirror(configuration: configuration(refresh: 600), sources: [source])
        mirror.start()
        defer { mirror.stop() }
        #expect(eventually(timeout: 30) { playable(mirror, source).count == 1 })
        let requests = try JSONParser.parse(fetchText(server.base + "/control/requests")).elements ?? []
        let times = requests.filter { $0["path"]?.string?.hasPrefix("/busy/feed.json") == true }.compactMap {
            $0["time"]?.number
        }
        try #require(times.count == 2, "\(requests)")
        let wait = times[1] - times[0]
        #expect(wait >= 2, "retried after \(wait) s")
        #expect(wait < 4, "retried after \(wait) s: the Retry-After, not the 5 s first-listing retry")
    }
}

/// WebDAV answers whose hrefs name the server another way.
@Suite(.serialized) struct WebDAVHrefTests {
    let folder = ServedFolder()

    @Test func absoluteHrefsOnAnotherNameOfTheServerListOnTheSourcesOwnServer() throws {
        let www = folder.sub("www")
        let server = try ListingGuardTests.server(root: www)
        for name in ["p1.jpg", "p2.jpg", "p3.jpg", "secret.jpg"] {
            folder.write("www/\(name)", TestPictures.fakeJPEG(name.count))
        }
        // localhost for 127.0.0.1, the scheme in capitals, a folder outside the root, a path that climbs out.
        let hrefs = [
            "http://localhost:\(server.port)/dav/", "http://localhost:\(server.port)/dav/p1.jpg",
            "HTTP://127.0.0.1:\(server.port)/dav/p2.jpg", "http://photos.example:8080/dav/p3.jpg",
            "http://localhost:\(server.port)/files/secret.jpg", "/dav/../files/secret.jpg",
        ]
        let responses = hrefs.map {
            "<D:response><D:href>\($0)</D:href><D:propstat><D:prop><D:resourcetype/></D:prop>"
                + "<D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
        }
        folder.write(
            "www/propfind.xml",
            Data(("<D:multistatus xmlns:D=\"DAV:\">" + responses.joined() + "</D:multistatus>").utf8))
        let source = NetworkSource.webdav(WebDAVSource(url: server.base + "/dav"))
        let lister = SourceLister(limits: ListingLimits(), timeouts: NetworkTimeouts(connect: 5))
        guard case .listed(let entries, _) = lister.list(source, access: SourceAccess(), previous: nil) else {
            Issue.record("the listing failed")
            return
        }
        #expect(entries.map(\.url) == ["p1.jpg", "p2.jpg", "p3.jpg"].map { server.base + "/dav/" + $0 })
    }
}
