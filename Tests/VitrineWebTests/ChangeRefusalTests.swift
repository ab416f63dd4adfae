import Foundation
import Testing
import VitrineCore
import VitrineTestSupport
import VitrineWeb

/// Every change the page can make, refused without a session, with a wrong CSRF token, and from another site.
@Suite struct ChangeRefusalTests {
    /// Each change as a request: target, body and content type.
    static func changes() -> [(String, Data, String)] {
        let form = "application/x-www-form-urlencoded"
        let (upload, uploadType) = PlainHTTP.multipart([("new.jpg", TestImages.jpeg)])
        return [
            ("/api/command", Data("command=next".utf8), form),
            ("/api/photos", upload, uploadType),
            ("/api/photos/delete", Data("name=kept.jpg".utf8), form),
            ("/api/playlist", Data("{\"version\": 1, \"items\": []}".utf8), "text/plain"),
            ("/api/settings", Data("interval=3".utf8), form),
            ("/api/password", Data("current=correct+horse+battery&password=takeover123".utf8), form),
            ("/api/logout", Data(), form),
        ]
    }

    /// What a change would have touched, to see that nothing was.
    static func footprint(_ fixture: SiteFixture) throws -> [String] {
        [
            fixture.show.folderNames.joined(separator: ","),
            try String(contentsOfFile: try #require(fixture.show.playlistPath), encoding: .utf8),
            try String(contentsOfFile: try #require(fixture.show.configPath), encoding: .utf8),
            fixture.show.commands.map(\.rawValue).joined(separator: ","),
        ]
    }

    static func prepared() throws -> (SiteFixture, SiteFixture.Browser) {
        let fixture = SiteFixture()
        let browser = try fixture.setUp()
        _ = FileManager.default.createFile(atPath: fixture.show.uploadFolder + "/kept.jpg", contents: TestImages.jpeg)
        return (fixture, browser)
    }

    @Test func everyChangeIsRefusedWithoutASession() throws {
        let (fixture, _) = try Self.prepared()
        let before = try Self.footprint(fixture)
        for (target, body, type) in Self.changes() {
            let response = fixture.post(target, nil, body: body, type: type, csrf: "")
            #expect(response.status == 401, "\(target)")
            let forged = SiteFixture.Browser(cookie: "vitrine_session=" + String(repeating: "0", count: 64), csrf: "x")
            #expect(fixture.post(target, forged, body: body, type: type).status == 401, "\(target)")
        }
        #expect(try Self.footprint(fixture) == before)
        #expect(fixture.site.credentials.verify(SiteFixture.password))
    }

    @Test func everyChangeIsRefusedWithAWrongCSRFToken() throws {
        let (fixture, browser) = try Self.prepared()
        let before = try Self.footprint(fixture)
        for (target, body, type) in Self.changes() {
            let wrong = fixture.post(target, browser, body: body, type: type, csrf: String(repeating: "a", count: 64))
            #expect(wrong.status == 403, "\(target)")
            #expect(wrong.text.contains("expired"))
            var missing = browser
            missing.csrf = ""
            #expect(fixture.post(target, missing, body: body, type: type, csrf: "").status == 403, "\(target)")
        }
        #expect(try Self.footprint(fixture) == before)
        // The session still works: the refusals did not end it.
        #expect(fixture.get("/api/state", browser).status == 200)
    }

    @Test func everyChangeFromAnotherSiteIsRefused() throws {
        let (fixture, browser) = try Self.prepared()
        let before = try Self.footprint(fixture)
        for (target, body, type) in Self.changes() {
            let fromElsewhere = fixture.post(
                target, browser, body: body, type: type, extra: ["Origin": "http://evil.example"])
            #expect(fromElsewhere.status == 403, "\(target)")
            let crossSite = fixture.post(
                target, browser, body: body, type: type, extra: ["Sec-Fetch-Site": "cross-site"])
            #expect(crossSite.status == 403, "\(target)")
        }
        #expect(try Self.footprint(fixture) == before)
    }

    @Test func theRightTokenMakesTheChange() throws {
        let (fixture, browser) = try Self.prepared()
        let response = fixture.post(
            "/api/command", browser, form: ["command": "next"])
        #expect(response.status == 200)
        #expect(fixture.show.commands == [.next])
        let sameOrigin = fixture.post(
            "/api/command", browser, body: Data("command=display-off".utf8), type: "application/x-www-form-urlencoded",
            extra: ["Origin": "http://screen.local:8080", "Sec-Fetch-Site": "same-origin"])
        #expect(sameOrigin.status == 200)
        #expect(fixture.show.commands == [.next, .displayOff])
        #expect(fixture.post("/api/command", browser, form: ["command": "explode"]).status == 400)
    }

    @Test func signingOutEndsTheSession() throws {
        let (fixture, browser) = try Self.prepared()
        #expect(fixture.post("/api/logout", browser).status == 204)
        #expect(fixture.get("/api/state", browser).status == 401)
    }
}
