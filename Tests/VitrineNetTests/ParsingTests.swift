import Foundation
import Testing
import VitrineCore

@testable import VitrineNet

@Suite struct ParsingTests {
    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let long = String(repeating: "a", count: 1000)
        #expect(SHA256.hex(long) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func imageKindComesFromTheFirstBytes() {
        #expect(ImageKind.detect(Array(fakeJPEG(1))) == .jpeg)
        #expect(ImageKind.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(ImageKind.detect(Array("GIF89a......".utf8)) == .gif)
        #expect(ImageKind.detect(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageKind.detect(Array("<html>not a photo</html>".utf8)) == nil)
        #expect(ImageKind.detect(Array("hello, I am text named .jpg".utf8)) == nil)
    }

    @Test func addressesAreShownWithoutCredentialsOrQuery() {
        #expect(
            NetworkAddress.redacted("https://ann:secret@host:8443/a/b.jpg?token=xyz#f") == "https://host:8443/a/b.jpg")
        #expect(NetworkAddress.host("https://ann:secret@host:8443/a") == "host:8443")
        #expect(NetworkAddress.isHTTP("https://host/x"))
        #expect(!NetworkAddress.isHTTP("file:///etc/passwd"))
        #expect(!NetworkAddress.isHTTP("ftp://host/x"))
    }

    @Test func jsonFeedOfStringsAndObjectsResolvesRelativeURLsAndDropsOtherSchemes() throws {
        let body = """
            ["a.jpg", {"url": "https://other/b.png", "caption": "Bee"}, "file:///etc/passwd", "ftp://h/c.jpg",
             {"caption": "no url"}, "a.jpg"]
            """
        let entries = try FeedParser.parse(Data(body.utf8), base: "http://h/feeds/list.json", limits: ListingLimits())
        #expect(entries.map(\.url) == ["http://h/feeds/a.jpg", "https://other/b.png"])
        #expect(entries[1].caption == "Bee")
    }

    @Test func rssAndAtomFeedsGiveTheirImageEnclosures() throws {
        let rss = """
            <?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
            <item><title>Sea</title><enclosure url="http://h/sea.jpg" type="image/jpeg" length="1"/></item>
            <item><title>Song</title><enclosure url="http://h/song.mp3" type="audio/mpeg"/></item>
            <item><title>Hill</title><media:content url="/hill.png" medium="image"/>
              <media:thumbnail url="/hill-small.png"/></item>
            </channel></rss>
            """
        let entries = try FeedParser.parse(Data(rss.utf8), base: "http://h/feed.xml", limits: ListingLimits())
        #expect(entries.map(\.url) == ["http://h/sea.jpg", "http://h/hill.png"])
        #expect(entries.map(\.caption) == ["Sea", "Hill"])
        #expect(entries[1].previewURL == "http://h/hill-small.png")
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><title>Lake</title>
            <link rel="alternate" href="http://h/page"/><link rel="enclosure" type="image/webp" href="lake.webp"/>
            </entry></feed>
            """
        let atomEntries = try FeedParser.parse(Data(atom.utf8), base: "http://h/x/atom", limits: ListingLimits())
        #expect(atomEntries.map(\.url) == ["http://h/x/lake.webp"])
    }

    @Test func feedsOverTheEntryLimitAreRefused() {
        let limits = ListingLimits(maximumEntries: 3)
        let json = Data(#"["1.jpg","2.jpg","3.jpg","4.jpg"]"#.utf8)
        #expect(throws: TransferFailure.tooManyEntries(limit: 3)) {
            try FeedParser.parse(json, base: "http://h/", limits: limits)
        }
        let items = (1...4).map { "<item><enclosure url=\"/\($0).jpg\" type=\"image/jpeg\"/></item>" }.joined()
        #expect(throws: TransferFailure.tooManyEntries(limit: 3)) {
            try FeedParser.parse(Data("<rss><channel>\(items)</channel></rss>".utf8), base: "http://h/", limits: limits)
        }
    }

    @Test func multistatusGivesFilesAndFolders() throws {
        let xml = """
            <?xml version="1.0"?><D:multistatus xmlns:D="DAV:">
            <D:response><D:href>/dav/</D:href><D:propstat><D:prop><D:resourcetype><D:collection/></D:resourcetype>
            </D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>
            <D:response><D:href>/dav/a%20b.jpg</D:href><D:propstat><D:prop><D:resourcetype/>
            <D:getcontenttype>image/jpeg</D:getcontenttype><D:getetag>"e1"</D:getetag>
            <D:getcontentlength>12</D:getcontentlength></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
            </D:response></D:multistatus>
            """
        let resources = try WebDAVMultistatus.parse(Data(xml.utf8), limit: 10)
        #expect(resources.count == 2)
        #expect(resources[0].isCollection)
        #expect(
            resources[1]
                == WebDAVResource(
                    href: "/dav/a%20b.jpg", isCollection: false, contentType: "image/jpeg", etag: "\"e1\"", length: 12))
        #expect(throws: TransferFailure.tooManyEntries(limit: 1)) {
            try WebDAVMultistatus.parse(Data(xml.utf8), limit: 1)
        }
    }

    @Test func playlistItemsDecodeWithPositionsOfTheirProblems() throws {
        let root = try JSONParser.parse(
            """
            [{ "webdav": "https://cloud/remote.php/dav/files/ann/Photos", "user": "ann",
               "passwordFile": "/etc/vitrine/pw", "recursive": true },
             { "immich": { "server": "https://immich.local", "apiKeyFile": "/etc/vitrine/key", "album": "Trip" } },
             { "feed": "ftp://host/list.json" },
             { "immich": { "server": "https://immich.local", "album": "A", "favorites": true, "colour": 1 } }]
            """)
        let items = root.elements ?? []
        let webdav = NetworkSourceDecoder.decode(items[0], path: "items[0]")
        #expect(
            webdav.source
                == .webdav(
                    WebDAVSource(
                        url: "https://cloud/remote.php/dav/files/ann/Photos", user: "ann",
                        passwordFile: "/etc/vitrine/pw",
                        recursive: true)))
        let immich = NetworkSourceDecoder.decode(items[1], path: "items[1]")
        #expect(
            immich.source
                == .immich(ImmichSource(server: "https://immich.local", apiKeyFile: "/etc/vitrine/key", album: "Trip")))
        let ftp = NetworkSourceDecoder.decode(items[2], path: "items[2]")
        #expect(ftp.source == nil)
        #expect(ftp.diagnostics.first?.path == "items[2].feed")
        #expect(ftp.diagnostics.first?.position == TextPosition(line: 4, column: 12))
        let bad = NetworkSourceDecoder.decode(items[3], path: "items[3]")
        #expect(bad.source == nil)
        #expect(bad.diagnostics.contains { $0.path == "items[3].immich.apiKeyFile" && $0.severity == .error })
        #expect(bad.diagnostics.contains { $0.message.contains("exactly one of") })
        #expect(bad.diagnostics.contains { $0.path == "items[3].immich.colour" && $0.severity == .warning })
    }

    @Test func commandLineAddressesAreImagesOrFeeds() {
        #expect(NetworkSourceDecoder.commandLineSource("https://h/p.JPG") == .url(URLSource(url: "https://h/p.JPG")))
        #expect(
            NetworkSourceDecoder.commandLineSource("https://h/photos.json")
                == .feed(FeedSource(url: "https://h/photos.json")))
        #expect(NetworkSourceDecoder.commandLineSource("/home/photos") == nil)
    }

    @Test func cacheNamesNeverComeFromTheRemoteName() {
        let stem = CacheName.stem(source: "feed http://h/f", id: "http://h/../../etc/passwd")
        #expect(stem.count == 32 && stem.allSatisfy(\.isHexDigit))
        #expect(CacheName.file(stem, kind: .jpeg) == stem + ".jpg")
        #expect(CacheName.isOurs(stem + ".part"))
        #expect(!CacheName.isOurs("index.json"))
    }
}
