import Foundation
import Testing
import VitrineCore

@testable import VitrineNet

/// Feeds as people have them (JSON Feed, Media RSS groups, xml:base, CDATA, images in HTML, Atom
/// content, thumbnails only), and XML that is not what it should be.
@Suite struct FeedShapeTests {
    func parse(_ text: String, base: String = "http://h/feeds/feed.xml", type: String? = nil) throws(TransferFailure)
        -> [RemoteEntry]
    {
        try FeedParser.parse(Data(text.utf8), base: base, limits: ListingLimits(), contentType: type)
    }

    func failure(_ text: String, type: String? = nil) -> String {
        do {
            let entries = try parse(text, type: type)
            return "a listing of \(entries.count)"
        } catch {
            return error.description
        }
    }

    @Test func xmlThatIsCutOrNotAFeedIsAnErrorWithItsPlace() {
        let cut =
            "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel>\n<item><enclosure url=\"/a.jpg\" type=\"image/jpeg\"/>"
        #expect(failure(cut).contains("is not well-formed XML: line 3, column"), "\(failure(cut))")
        let broken = "<rss><channel>\n<item><title>a</titel></item></channel></rss>"
        #expect(failure(broken).contains("line 2, column"), "\(failure(broken))")
        #expect(failure(broken).contains("mismatch"), "\(failure(broken))")
        #expect(failure("<html><body>Sign in</body></html>").contains("root <html>"))
        #expect(failure("<feed><entry/></feed>").contains("root <feed>"), "an Atom feed has the Atom namespace")
        #expect(failure("[\"a.jpg\"]", type: "text/html; charset=utf-8").contains("HTML page"))
        #expect(failure("<rss></rss>  <rss/>").contains("not well-formed"))
        #expect(throws: TransferFailure.self) {
            try WebDAVMultistatus.parse(Data("<rss version=\"2.0\"/>".utf8), limit: 10)
        }
        let cutDAV = "<D:multistatus xmlns:D=\"DAV:\"><D:response><D:href>/a.jpg</D:href>"
        #expect(throws: TransferFailure.self) { try WebDAVMultistatus.parse(Data(cutDAV.utf8), limit: 10) }
    }

    @Test func externalEntitiesAreNeverRead() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-secret-\(UUID())").path
        try Data("TOP-SECRET".utf8).write(to: URL(fileURLWithPath: secret))
        defer { try? FileManager.default.removeItem(atPath: secret) }
        let xml = """
            <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x SYSTEM "file://\(secret)">]>
            <rss><channel><item><title>&x;</title><enclosure url="/a.jpg" type="image/jpeg"/></item></channel></rss>
            """
        let entries = (try? parse(xml)) ?? []
        #expect(!entries.contains { $0.caption?.contains("TOP-SECRET") == true })
    }

    @Test func jsonFeedItemsGiveTheirImages() throws {
        let feed = """
            {"version": "https://jsonfeed.org/version/1.1", "title": "Photos",
             "feed_url": "https://example.org/blog/feed.json",
             "items": [
               {"id": "1", "title": "Harbour", "image": "img/harbour.jpg"},
               {"id": "2", "title": "Two", "attachments": [
                   {"url": "https://cdn.example.org/a.jpg", "mime_type": "image/jpeg"},
                   {"url": "https://cdn.example.org/talk.mp3", "mime_type": "audio/mpeg"},
                   {"url": "https://cdn.example.org/b.webp", "mime_type": "image/webp"}],
                "image": "https://cdn.example.org/cover.jpg"},
               {"id": "3", "content_html": "<p>Look:</p><img alt='x' src=\\"/pics/c.png?w=1&amp;h=2\\">"},
               {"id": "4", "content_text": "no picture"}]}
            """
        let entries = try parse(feed, base: "https://example.org/feed")
        #expect(
            entries.map(\.url) == [
                "https://example.org/blog/img/harbour.jpg", "https://cdn.example.org/a.jpg",
                "https://cdn.example.org/b.webp", "https://example.org/pics/c.png?w=1&h=2",
            ])
        #expect(entries.map(\.caption) == ["Harbour", "Two", "Two", nil])
        #expect(failure(#"{"title": "not a feed"}"#).contains("not a JSON Feed"))
    }

    @Test func aMediaGroupIsOnePhotoTheLargestThatFitsTheScreen() throws {
        let rss = """
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
            <item><title>Sea</title><media:group>
              <media:content url="http://h/sea-640.jpg" medium="image" width="640" height="427"/>
              <media:content url="http://h/sea-4000.jpg" medium="image" width="4000" height="2667"/>
              <media:content url="http://h/sea-1600.jpg" medium="image" width="1600" height="1067"/>
              <media:title>not the caption</media:title>
            </media:group></item>
            <item><title>Tall</title><media:group>
              <media:content url="http://h/tall-big.jpg" type="image/jpeg" width="3000" height="4000"/>
              <media:content url="http://h/tall-huge.jpg" type="image/jpeg" width="6000" height="8000"/>
            </media:group></item>
            <item><media:group>
              <media:content url="http://h/u1.jpg" medium="image"/>
              <media:content url="http://h/u2.jpg" medium="image" isDefault="true"/>
            </media:group></item>
            <item><media:group>
              <media:content url="http://h/odd.jpg" medium="image" width="99999999999999" height="99999999999999"/>
              <media:content url="http://h/odder.jpg" medium="image" width="99999999999998" height="99999999999998"/>
              <media:content url="http://h/neg.jpg" medium="image" width="-5" height="x"/>
            </media:group></item>
            </channel></rss>
            """
        let entries = try parse(rss)
        #expect(
            entries.map(\.url) == [
                "http://h/sea-1600.jpg", "http://h/tall-big.jpg", "http://h/u2.jpg", "http://h/odd.jpg",
            ])
        #expect(entries.first?.caption == "Sea")
    }

    @Test func xmlBaseAndRelativeAddressesAreReadWhereTheyStand() throws {
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://cdn.example.org/photos/">
            <entry><title>One</title><link rel="enclosure" type="image/jpeg" href="one.jpg"/></entry>
            <entry xml:base="2024/"><title>Two</title><link rel="enclosure" type="image/jpeg" href="two.jpg"/></entry>
            <entry><title>Three</title><content type="image/png" src="/three.png"/></entry>
            </feed>
            """
        #expect(
            try parse(atom).map(\.url) == [
                "http://cdn.example.org/photos/one.jpg", "http://cdn.example.org/photos/2024/two.jpg",
                "http://cdn.example.org/three.png",
            ])
        let rss = "<rss><channel><item><enclosure url=\"../p.jpg\" type=\"image/jpeg\"/></item></channel></rss>"
        #expect(try parse(rss, base: "http://h/a/b/feed.xml").map(\.url) == ["http://h/a/p.jpg"])
    }

    @Test func cdataTitlesAndImagesInHTMLBodies() throws {
        let rss = """
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
            <item><title><![CDATA[Sea & <b>sky</b>]]></title>
              <content:encoded><![CDATA[<p>Today</p><img class="wide" src="/sea.jpg" /><img src="/second.jpg">]]></content:encoded>
            </item>
            <item><title>Escaped</title>
              <description>&lt;p&gt;&lt;IMG SRC='http://h/hill.jpg'&gt;&lt;/p&gt;</description></item>
            <item><title>Text only</title><description>no picture here</description></item>
            <item><title>Both</title><enclosure url="/enc.jpg" type="image/jpeg"/>
              <description>&lt;img src="/ignored.jpg"&gt;</description></item>
            </channel></rss>
            """
        let entries = try parse(rss, base: "http://h/feed")
        #expect(entries.map(\.url) == ["http://h/sea.jpg", "http://h/hill.jpg", "http://h/enc.jpg"])
        #expect(entries.map(\.caption) == ["Sea & <b>sky</b>", "Escaped", "Both"])
    }

    @Test func thumbnailOnlyItemsAreShownAndThumbnailsElsePreview() throws {
        let rss = """
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
            <item><title>Small</title><media:thumbnail url="http://h/small.jpg" width="320" height="240"/></item>
            <item><title>Full</title><media:content url="http://h/full.jpg" medium="image"/>
              <media:thumbnail url="http://h/full-t.jpg"/></item>
            </channel></rss>
            """
        let entries = try parse(rss)
        #expect(entries.map(\.url) == ["http://h/small.jpg", "http://h/full.jpg"])
        #expect(entries.map(\.previewURL) == [nil, "http://h/full-t.jpg"])
    }

    @Test func enclosuresWithoutATypeAreImagesByTheirExtensionAndAByteOrderMarkIsSkipped() throws {
        let rss = """
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
            <item><enclosure url="http://h/a.JPG?size=large"/></item>
            <item><enclosure url="http://h/song.mp3"/></item>
            <item><media:content url="http://h/b.webp"/></item>
            <item><enclosure url="http://h/c.jpg" type="audio/mpeg"/></item>
            </channel></rss>
            """
        #expect(try parse(rss).map(\.url) == ["http://h/a.JPG?size=large", "http://h/b.webp"])
        let bom = Data([0xEF, 0xBB, 0xBF]) + Data(#"["x.jpg"]"#.utf8)
        #expect(try FeedParser.parse(bom, base: "http://h/", limits: ListingLimits()).map(\.url) == ["http://h/x.jpg"])
        let xmlBOM = Data([0xEF, 0xBB, 0xBF]) + Data(rss.utf8)
        #expect(try FeedParser.parse(xmlBOM, base: "http://h/", limits: ListingLimits()).count == 2)
    }

    @Test func mediaElementsWithAnUndeclaredPrefixAreStillRead() throws {
        // Real feeds sometimes use media: without declaring it: a namespace error, not a well-formedness one.
        let rss = """
            <rss version="2.0"><channel>
            <item><title>T</title><media:content url="http://h/a.jpg" medium="image"/>
              <media:thumbnail url="http://h/a-t.jpg"/></item>
            </channel></rss>
            """
        let entries = try parse(rss)
        #expect(entries.map(\.url) == ["http://h/a.jpg"])
        #expect(entries.first?.previewURL == "http://h/a-t.jpg")
    }
}
