import Foundation
import Testing
import VitrineCore
import VitrineWeb

/// The playlist editor's caption preview (`GET /api/caption`): signed in only, a bounded template
/// and item, photos only from under the folders the page may use.
@Suite struct CaptionPreviewTests {
    static func query(_ template: String, _ item: String) -> String {
        let safe = CharacterSet.alphanumerics
        return "/api/caption?template=\(template.addingPercentEncoding(withAllowedCharacters: safe) ?? "")"
            + "&item=\(item.addingPercentEncoding(withAllowedCharacters: safe) ?? "")"
    }

    static func object(_ response: WebResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any], "\(response.text)")
    }

    @Test func aSignedInPageGetsTheCaptionOfTheItemsFirstPhotoAndUnknownFieldsNamed() throws {
        let fixture = SiteFixture()
        let photos = fixture.show.uploadFolder
        #expect(FileManager.default.createFile(atPath: photos + "/b-pier.jpg", contents: TestImages.jpeg))
        #expect(FileManager.default.createFile(atPath: photos + "/a-harbour.jpg", contents: TestImages.jpeg))
        #expect(fixture.get(Self.query("{file}", "photos")).status == 401, "not signed in")
        let browser = try fixture.setUp()
        // A folder: its first photo in the show's order, the item written relative to the playlist.
        let folder = try Self.object(fixture.get(Self.query("{file}", "photos"), browser))
        #expect(folder["photo"] as? String == photos + "/a-harbour.jpg")
        #expect(folder["caption"] as? String == "a-harbour")
        #expect(folder["unknown"] is NSNull)
        // One photo, and a field no photo can fill.
        let one = try Self.object(fixture.get(Self.query("{file} {plac}", photos + "/b-pier.jpg"), browser))
        #expect(one["photo"] as? String == photos + "/b-pier.jpg")
        let unknown = try #require(one["unknown"] as? String)
        #expect(unknown.hasPrefix("“{plac}” (did you mean {place}?) is not a caption field"), "\(unknown)")
        // A folder with no photo yet says so.
        try FileManager.default.createDirectory(atPath: photos + "/empty", withIntermediateDirectories: true)
        let empty = try Self.object(fixture.get(Self.query("{file}", "photos/empty"), browser))
        #expect(empty["photo"] is NSNull)
        #expect((empty["missing"] as? String)?.contains("no photo in photos/empty") == true)
    }

    @Test func theTemplateAndItemAreBoundedAndPhotosOutsideTheAllowedFoldersAreRefused() throws {
        let fixture = SiteFixture()
        let photos = fixture.show.uploadFolder
        #expect(FileManager.default.createFile(atPath: photos + "/pier.jpg", contents: TestImages.jpeg))
        let browser = try fixture.setUp()
        let longest = String(repeating: "x", count: AdminSite.captionTemplateLimit)
        #expect(fixture.get(Self.query(longest, "photos"), browser).status == 200)
        #expect(fixture.get(Self.query(longest + "x", "photos"), browser).status == 413)
        #expect(fixture.get(Self.query("{file}", ""), browser).status == 400, "no item")
        #expect(fixture.get(Self.query("{file}", String(repeating: "a/", count: 2049)), browser).status == 400)
        for outside in ["/etc/passwd", "/etc", "../../../../etc/passwd", "photos/../../outside.jpg", "/"] {
            let refused = fixture.get(Self.query("{file}", outside), browser)
            #expect(refused.status == 403, "\(outside): \(refused.text)")
            #expect(!refused.text.contains("passwd\","), "\(outside)")
        }
        // A link inside the folder that leads outside it is not followed.
        try FileManager.default.createSymbolicLink(
            atPath: photos + "/away.jpg", withDestinationPath: "/etc/passwd")
        #expect(fixture.get(Self.query("{file}", "photos/away.jpg"), browser).status == 403)
    }
}
