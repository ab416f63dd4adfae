import Foundation
import Testing
import VitrineCore
import VitrineWeb

@Suite struct EditTests {
    @Test func aBadPlaylistEditIsNeverSavedAndSaysWhereItIsWrong() throws {
        let fixture = SiteFixture()
        let browser = try fixture.setUp()
        let path = try #require(fixture.show.playlistPath)
        let bad =
            "{\n  \"version\": 1,\n  \"items\": [\n    { \"folder\": \"photos\", \"duration\": \"long\" }\n  ]\n}\n"
        let response = fixture.post("/api/playlist", browser, body: Data(bad.utf8), type: "text/plain")
        #expect(response.status == 422)
        let problems = try #require(try JSONParser.parse(response.text)["problems"]?.elements)
        let first = try #require(problems.first)
        #expect(first["line"]?.number == 4)
        #expect(first["column"]?.number == 39)
        #expect(first["message"]?.string?.contains("duration") == true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == ShowDouble.goodPlaylist)
        let syntax = fixture.post("/api/playlist", browser, body: Data("{\n  \"items\": [\n".utf8), type: "text/plain")
        #expect(syntax.status == 422)
        #expect(syntax.text.contains("\"line\":3"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == ShowDouble.goodPlaylist)
    }

    @Test func aGoodPlaylistEditIsWrittenWhole() throws {
        let fixture = SiteFixture()
        let browser = try fixture.setUp()
        let path = try #require(fixture.show.playlistPath)
        let good = "{\n  \"version\": 1,\n  \"items\": [\n    { \"folder\": \"photos\", \"duration\": 12 }\n  ]\n}\n"
        let check = fixture.post("/api/playlist/check", browser, body: Data(good.utf8), type: "text/plain")
        #expect(check.status == 200)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == ShowDouble.goodPlaylist, "a check does not save")
        let response = fixture.post("/api/playlist", browser, body: Data(good.utf8), type: "text/plain")
        #expect(response.status == 200, "\(response.text)")
        #expect(response.text.contains("\"saved\":true"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == good)
        let folder = (path as NSString).deletingLastPathComponent
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
        #expect(fixture.get("/api/playlist", browser).text.contains("\\\"duration\\\": 12"))
    }

    @Test func aShowOfFoldersHasNoPlaylistToEdit() throws {
        let fixture = SiteFixture(withPlaylist: false)
        let browser = try fixture.setUp()
        #expect(fixture.get("/api/playlist", browser).text == "{\"path\":null,\"text\":null}")
        #expect(fixture.post("/api/playlist", browser, body: Data("{}".utf8), type: "text/plain").status == 409)
    }

    @Test func settingsAreWrittenToTheConfigurationKeepingOtherKeysAndReload() throws {
        let fixture = SiteFixture()
        let browser = try fixture.setUp()
        let response = fixture.post(
            "/api/settings", browser,
            form: ["interval": "6", "transition": "zoom", "rotate": "90", "clock-overlay": ""])
        #expect(response.status == 200, "\(response.text)")
        let text = try String(contentsOfFile: try #require(fixture.show.configPath), encoding: .utf8)
        let root = try JSONParser.parse(text)
        #expect(root["interval"]?.number == 6)
        #expect(root["transition"]?.string == "zoom")
        #expect(root["rotate"]?.number == 90)
        #expect(root["clock-overlay"] == nil)
        #expect(root["sources"]?.elements?.first?.string == "/srv/photos")
        #expect(fixture.show.commands == [.reload])
        let values = fixture.get("/api/settings", browser).text
        #expect(values.contains("\"key\":\"transition\"") && values.contains("\"value\":\"zoom\""))
    }

    @Test func settingsOutOfRangeAreRefusedAndNothingIsWritten() throws {
        let fixture = SiteFixture()
        let browser = try fixture.setUp()
        let path = try #require(fixture.show.configPath)
        let before = try String(contentsOfFile: path, encoding: .utf8)
        #expect(fixture.post("/api/settings", browser, form: ["interval": "0"]).status == 400)
        #expect(fixture.post("/api/settings", browser, form: ["transition": "spin"]).status == 400)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before)
        #expect(fixture.show.commands.isEmpty)
    }

    @Test func thePasswordCanBeChangedWithTheCurrentOne() throws {
        let fixture = SiteFixture()
        let browser = try fixture.setUp()
        let wrong = fixture.post("/api/password", browser, form: ["current": "nope", "password": "a new password"])
        #expect(wrong.status == 400)
        let right = fixture.post(
            "/api/password", browser, form: ["current": SiteFixture.password, "password": "a new password"])
        #expect(right.status == 200)
        #expect(fixture.site.credentials.verify("a new password"))
        #expect(fixture.get("/api/state", browser).status == 401, "other sessions end with a new password")
    }

    @Test func pagesCarryTheirTokenAndShipNothingFromElsewhere() throws {
        let fixture = SiteFixture()
        let browser = try fixture.setUp()
        for page in ["/now", "/photos", "/playlist", "/schedule", "/settings"] {
            let response = fixture.get(page, browser)
            #expect(response.status == 200, "\(page)")
            #expect(SiteFixture.csrf(in: response) == browser.csrf)
            #expect(!response.text.contains("http://") && !response.text.contains("https://"))
            #expect(response.header("Content-Security-Policy")?.contains("default-src 'self'") == true)
        }
        #expect(fixture.get("/static/app.js").status == 200)
        #expect(fixture.get("/static/../../Package.swift").status == 404)
        #expect(fixture.get("/api/frame", browser).header("Content-Type") == "image/png")
        #expect(fixture.get("/api/preview.png?at=2025-06-07T12:00", browser).status == 200)
        #expect(fixture.get("/api/preview.png?at=saturday", browser).status == 400)
    }
}
