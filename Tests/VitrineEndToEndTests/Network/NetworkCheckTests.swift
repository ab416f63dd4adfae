import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

@testable import VitrineNet

/// `vitrine check`'s line for each fault, against real servers started on loopback.
@Suite(.serialized) struct NetworkCheckTests {
    let folder = ServedFolder()
    let www: String

    init() {
        www = folder.sub("www")
        folder.write("www/p.jpg", TestPictures.fakeJPEG(1))
        folder.write("www/text.jpg", Data("I am text named .jpg".utf8))
        folder.write("www/portal.html", Data("<html><body>Log in to the Wi-Fi</body></html>".utf8))
        folder.write("www/feed.json", Data(#"["p.jpg"]"#.utf8))
        folder.write("www/empty.json", Data("[]".utf8))
        folder.write("www/cut.xml", Data("<rss version=\"2.0\"><channel>\n<item><title>a".utf8))
    }

    func check(_ source: NetworkSource) -> String { NetworkCheck.check(source) }
    func url(_ address: String) -> String { check(.url(URLSource(url: address))) }
    func feed(_ address: String, caFile: String? = nil) -> String {
        check(.feed(FeedSource(url: address, caFile: caFile)))
    }

    @Test func anImageIsFetchedNotAskedWithHEAD() throws {
        // This server answers HEAD with 501, as some do: the image is still reachable.
        let server = try ListingGuardTests.server(root: www)
        #expect(url(server.base + "/files/p.jpg").hasSuffix("reachable, 1 photo listed (JPG)"))
        let portal = url(server.base + "/files/portal.html")
        #expect(portal.contains("HTML page (Content-Type text/html"), "\(portal)")
        #expect(url(server.base + "/files/text.jpg").contains("not an image"))
        #expect(url(server.base + "/files/gone.jpg").contains("404"))
    }

    @Test func listingsThatAreEmptyBrokenOrBusyAreNamed() throws {
        let server = try ListingGuardTests.server(root: www)
        let empty = feed(server.base + "/files/empty.json")
        #expect(empty.hasPrefix("warning: ") && empty.contains("0 photos"), "\(empty)")
        #expect(feed(server.base + "/files/cut.xml").contains("not well-formed XML: line 2, column"))
        folder.write("www/feed.json.type", Data("text/html".utf8))
        #expect(feed(server.base + "/files/feed.json").contains("HTML page"))
        let busy = feed(server.base + "/busy/feed.json?times=1&after=2")
        #expect(busy.contains("HTTP 429") && busy.contains("asks to wait 2 s"), "\(busy)")
    }

    @Test func aCompressedAnswerSentUnaskedIsDecoded() throws {
        let server = try ListingGuardTests.server(root: www, mode: "gzip")
        #expect(feed(server.base + "/files/feed.json").hasSuffix("reachable, 1 photo listed"))
    }

    @Test func serversThatDoNotSpeakHTTP11AreNamed() throws {
        let h2c = try ListingGuardTests.server(root: www, mode: "h2c")
        let line = feed(h2c.base + "/files/feed.json")
        #expect(line.contains("HTTP/2 without TLS (h2c)"), "\(line)")
        let plain = try ListingGuardTests.server(root: www)
        let https = feed("https://127.0.0.1:\(plain.port)/files/feed.json")
        #expect(https.contains("plain HTTP on this port, not TLS: use http://"), "\(https)")
        let ca = try TestCA(in: folder)
        let tls = try ServerProcess.faults(root: www, cert: ca.certFile, key: ca.keyFile)
        let http = feed("http://127.0.0.1:\(tls.port)/files/feed.json")
        // Python's TLS server closes without a word on a plain request (others send a TLS alert).
        #expect(http.contains("use https://"), "\(http)")
    }

    @Test func eachCertificateFaultIsNamed() throws {
        let certificates = try FaultyCertificates(in: folder)
        func line(_ pair: (String, String), caFile: String?) throws -> String {
            let server = try ServerProcess.faults(root: www, cert: pair.0, key: pair.1)
            defer { server.stop() }
            return feed("https://127.0.0.1:\(server.port)/files/feed.json", caFile: caFile)
        }
        let expired = try line(certificates.expired, caFile: certificates.caFile)
        #expect(expired.contains("has expired"), "\(expired)")
        let wrongHost = try line(certificates.wrongHost, caFile: certificates.caFile)
        #expect(wrongHost.contains("wrong host name"), "\(wrongHost)")
        let unknown = try line(certificates.unknownIssuer, caFile: certificates.caFile)
        #expect(unknown.contains("unknown issuer") || unknown.contains("self-signed authority"), "\(unknown)")
        let selfSigned = try line(certificates.selfSigned, caFile: nil)
        #expect(selfSigned.contains("self-signed"), "\(selfSigned)")
        // Four different lines.
        #expect(Set([expired, wrongHost, unknown, selfSigned]).count == 4)
    }
}
