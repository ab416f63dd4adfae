import Foundation
import Testing
import VitrineCore
import VitrineTestSupport
import VitrineWeb

@Suite struct UploadTests {
    @Test func twoPhotosLandUnderTheirNamesWithNoTemporaryFileLeft() throws {
        let fixture = SiteFixture()
        let browser = try fixture.setUp()
        let response = fixture.upload([("beach.jpg", TestImages.jpeg), ("Hütte 2.png", TestImages.png)], browser)
        #expect(response.status == 201, "\(response.text)")
        #expect(fixture.show.folderNames == ["Hütte 2.png", "beach.jpg"])
        let stored = try Data(contentsOf: URL(fileURLWithPath: fixture.show.uploadFolder + "/beach.jpg"))
        #expect(stored == TestImages.jpeg)
        let list = fixture.get("/api/photos", browser).text
        #expect(list.contains("\"beach.jpg\"") && list.contains("\"Hütte 2.png\""))
        #expect(fixture.get("/api/photo?name=beach.jpg", browser).body == TestImages.jpeg)
    }

    @Test(arguments: ["../x.jpg", ".hidden.jpg", "a/b.jpg", "a\\b.jpg", "..jpg", ""])
    func badNamesAreRefusedAndNothingIsWritten(name: String) throws {
        let fixture = SiteFixture()
        let browser = try fixture.setUp()
        let response = fixture.upload([(name, TestImages.jpeg)], browser)
        #expect(response.status == 400, "\(response.text)")
        #expect(response.text.contains("\"error\""))
        #expect(fixture.show.folderNames.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.show.root + "/x.jpg"))
    }

    @Test func aFileTooBigIsRefusedWhileReadingAndNothingIsWritten() throws {
        let fixture = SiteFixture(maximumFileBytes: 64 << 10)
        let browser = try fixture.setUp()
        let big = TestImages.jpeg + Data(repeating: 7, count: 64 << 10)
        let response = fixture.upload([("small.jpg", TestImages.jpeg), ("big.jpg", big)], browser)
        #expect(response.status == 413)
        #expect(response.text.contains("big.jpg is larger than 64 KB"))
        #expect(fixture.show.folderNames.isEmpty)
        let tooMuch = (0..<5).map { ("p\($0).jpg", TestImages.jpeg + Data(repeating: 1, count: 60 << 10)) }
        #expect(fixture.upload(tooMuch, browser).status == 413)
        #expect(fixture.show.folderNames.isEmpty)
    }

    @Test func filesThatAreNotPicturesAreRefused() throws {
        let fixture = SiteFixture()
        let browser = try fixture.setUp()
        let text = fixture.upload([("notes.jpg", Data("just some text".utf8))], browser)
        #expect(text.status == 415)
        #expect(text.text.contains("not a JPEG, PNG, WebP, HEIC, AVIF or JPEG XL picture"))
        let script = fixture.upload([("run.sh", TestImages.jpeg)], browser)
        #expect(script.status == 415)
        let broken = fixture.upload(
            [("ok.jpg", TestImages.jpeg), ("bad.jpg", TestImages.jpeg + Data("BROKEN".utf8))], browser)
        #expect(broken.status == 415)
        #expect(broken.text.contains("cannot be decoded"))
        #expect(fixture.show.folderNames.isEmpty, "all or nothing: the good one is not kept either")
    }

    @Test func aNameTakenIsKeptUnlessReplacingIsAsked() throws {
        let fixture = SiteFixture()
        let browser = try fixture.setUp()
        #expect(fixture.upload([("same.jpg", TestImages.jpeg)], browser).status == 201)
        let newer = TestImages.jpeg + Data([1, 2, 3])
        let conflict = fixture.upload([("same.jpg", newer)], browser)
        #expect(conflict.status == 409)
        #expect(conflict.text.contains("exists already"))
        let path = fixture.show.uploadFolder + "/same.jpg"
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == TestImages.jpeg)
        #expect(fixture.upload([("same.jpg", newer)], browser, query: "?replace=1").status == 201)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == newer)
        #expect(fixture.show.folderNames == ["same.jpg"])
    }

    @Test func deletingStaysInsideTheFolder() throws {
        let fixture = SiteFixture()
        let browser = try fixture.setUp()
        _ = FileManager.default.createFile(atPath: fixture.show.root + "/outside.jpg", contents: TestImages.jpeg)
        #expect(fixture.post("/api/photos/delete", browser, form: ["name": "../outside.jpg"]).status == 400)
        #expect(FileManager.default.fileExists(atPath: fixture.show.root + "/outside.jpg"))
        #expect(fixture.upload([("gone.jpg", TestImages.jpeg)], browser).status == 201)
        #expect(fixture.post("/api/photos/delete", browser, form: ["name": "gone.jpg"]).status == 200)
        #expect(fixture.show.folderNames.isEmpty)
        #expect(fixture.get("/api/photo?name=../outside.jpg", browser).status == 400)
    }

    @Test func theFormReadInSmallPiecesGivesTheSameParts() throws {
        let (body, type) = PlainHTTP.multipart([("a.jpg", TestImages.jpeg), ("b.png", TestImages.png)])
        let boundary = try #require(MultipartParser.boundary(contentType: type))
        let limits = MultipartParser.Limits(fileBytes: 1 << 20, totalBytes: 4 << 20)
        var whole = MultipartParser(boundary: boundary, limits: limits)
        try whole.feed(body)
        var pieces = MultipartParser(boundary: boundary, limits: limits)
        var offset = 0
        while offset < body.count {
            let end = min(offset + 7, body.count)
            try pieces.feed(body.subdata(in: offset..<end))
            offset = end
        }
        let parts = try pieces.finish()
        #expect(parts == (try whole.finish()))
        #expect(parts.map(\.filename) == ["a.jpg", "b.png"])
        #expect(parts[1].body == TestImages.png)
    }

    @Test func aPartPastItsLimitStopsTheParseBeforeTheBodyEnds() throws {
        let boundary = "xyz"
        var parser = MultipartParser(boundary: boundary, limits: .init(fileBytes: 1000, totalBytes: 1 << 20))
        try parser.feed(Data("--xyz\r\nContent-Disposition: form-data; name=\"f\"; filename=\"big.jpg\"\r\n\r\n".utf8))
        var failure: MultipartParser.Failure?
        for _ in 0..<100 where failure == nil {
            do { try parser.feed(Data(repeating: 0x55, count: 100)) } catch { failure = error }
        }
        #expect(failure?.status == 413)
        #expect(throws: MultipartParser.Failure.self) { _ = try parser.finish() }
    }
}
