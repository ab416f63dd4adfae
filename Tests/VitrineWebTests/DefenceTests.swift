import Foundation
import Synchronization
import Testing
import VitrineCore
import VitrineHTTP
import VitrineWeb

/// The page's defences that need no running player: what is decided from a request's head,
/// password rules, sign-in limits, the setup code's life, commands and folders in edits, and
/// our temporary files.
@Suite struct DefenceTests {
    @Test func requestsNotSignedInMayNotSendMoreThanAFewKilobytes() throws {
        let fixture = SiteFixture()
        func limit(_ method: String, _ path: String, cookie: String? = nil, csrf: String? = nil) -> Int? {
            var headers = ["Host": "127.0.0.1:8080", "Origin": "http://127.0.0.1:8080"]
            if let cookie { headers["Cookie"] = cookie }
            if let csrf { headers["X-CSRF-Token"] = csrf }
            switch fixture.site.admit(HTTPHead(method: method, path: path, headers: headers)) {
            case .respond: return 0
            case .buffer(let limit, _, _), .quick(let limit, _, _): return limit
            case .stream: return Int.max
            case .events: return 0
            }
        }
        // Answered from the head alone: nothing of a body is ever read.
        for (method, path) in [
            ("POST", "/healthz"), ("POST", "/api/photos"), ("POST", "/api/playlist"), ("POST", "/api/command"),
            ("POST", "/api/password"), ("GET", "/static/app.js"), ("POST", "/api/login"),
        ] {
            #expect(limit(method, path) == 0, "\(method) \(path)")
        }
        // With the form token of the sign-in page: a small form.
        let form = try #require(fixture.formBrowser("/setup"))
        let signIn = try #require(limit("POST", "/api/setup", cookie: form.cookie, csrf: form.csrf))
        #expect(signIn > 0 && signIn <= 8 << 10)
        // Signed in: forms stay small, uploads stream, playlists are at most 4 MB.
        let browser = try fixture.setUp()
        #expect(limit("POST", "/api/command", cookie: browser.cookie, csrf: browser.csrf) == 256, "a command is a word")
        #expect(limit("POST", "/api/settings", cookie: browser.cookie, csrf: browser.csrf) == 64 << 10)
        #expect(limit("POST", "/api/photos", cookie: browser.cookie, csrf: browser.csrf) == 0, "not a form upload")
        #expect(limit("POST", "/api/playlist", cookie: browser.cookie, csrf: browser.csrf) == 4 << 20)
        #expect(limit("GET", "/api/state", cookie: browser.cookie) == 0)
    }

    @Test(arguments: [
        "12345678", "password", "        ", "          ", "password123", "qwertyuiop", "aaaaaaaaaaaa",
        "0123456789", "abcdefghij", "Vitrine2024!", "short1",
    ])
    func weakAndCommonPasswordsAreRefused(password: String) throws {
        #expect(PasswordRules.problem(password, confirmation: password) != nil)
        let fixture = SiteFixture()
        let form = try #require(fixture.formBrowser("/setup"))
        let code = try #require(fixture.site.credentials.setupCode)
        let refused = fixture.post(
            "/api/setup", form, form: ["code": code, "password": password, "confirm": password])
        #expect(refused.status == 400, "\(refused.text)")
        #expect(!fixture.site.credentials.hasPassword)
    }

    @Test func aGoodPasswordMustBeTypedTheSameTwice() throws {
        #expect(PasswordRules.problem("a long kitchen password", confirmation: "a long kitchen password") == nil)
        #expect(PasswordRules.problem("walrus tuesday lamp", confirmation: "walrus tuesday lamp") == nil)
        let fixture = SiteFixture()
        let form = try #require(fixture.formBrowser("/setup"))
        let code = try #require(fixture.site.credentials.setupCode)
        let differ = fixture.post(
            "/api/setup", form, form: ["code": code, "password": SiteFixture.password, "confirm": "something else"])
        #expect(differ.status == 400)
        #expect(differ.text.contains("differ"))
        #expect(!fixture.site.credentials.hasPassword)
    }

    @Test func concurrentGuessesAreCountedBeforeTheHash() throws {
        let fixture = SiteFixture()
        _ = try fixture.setUp()
        let form = try #require(fixture.formBrowser("/login"))
        let statuses = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 30) { i in
            let status = fixture.post("/api/login", form, form: ["password": "guess number \(i)"]).status
            statuses.withLock { $0.append(status) }
        }
        let all = statuses.withLock { $0 }
        #expect(all.filter { $0 == 401 }.count <= 5, "\(all)")
        #expect(all.allSatisfy { $0 == 401 || $0 == 429 }, "\(all)")
    }

    @Test func guessesFromManyAddressesMeetTheGlobalLimit() throws {
        let fixture = SiteFixture()
        _ = try fixture.setUp()
        let signedIn = try fixture.signIn(client: "10.1.1.1")
        let form = try #require(fixture.formBrowser("/login"))
        var statuses: [Int] = []
        for i in 0..<200 {
            statuses.append(
                fixture.post("/api/login", form, form: ["password": "guess \(i)"], client: "10.0.0.\(i % 20)").status)
        }
        #expect(statuses.filter { $0 == 401 }.count == 20, "the global limit")
        #expect(statuses.filter { $0 == 429 }.count == 180)
        // The owner's session goes on; a fresh sign-in waits with everyone else.
        #expect(fixture.get("/api/state", signedIn).status == 200)
        #expect(
            fixture.post("/api/login", form, form: ["password": SiteFixture.password], client: "10.9.9.9").status == 429
        )
        fixture.advance(301)
        #expect(
            fixture.post("/api/login", form, form: ["password": SiteFixture.password], client: "10.9.9.9").status == 200
        )
    }

    @Test func changingThePasswordIsLimitedAndLocksNobodyOut() throws {
        let fixture = SiteFixture()
        let owner = try fixture.setUp()
        var statuses: [Int] = []
        for i in 0..<8 {
            statuses.append(
                fixture.post(
                    "/api/password", owner,
                    form: [
                        "current": "wrong \(i) wrong", "password": "another long one", "confirm": "another long one",
                    ]
                ).status)
        }
        #expect(statuses.prefix(5).allSatisfy { $0 == 400 }, "\(statuses)")
        #expect(statuses.dropFirst(5).allSatisfy { $0 == 429 }, "\(statuses)")
        // Signing in is not held up by it, from the same address.
        #expect((try? fixture.signIn()) != nil)
        #expect(fixture.site.credentials.verify(SiteFixture.password))
    }

    @Test func theSetupCodeExpiresAnHourAfterItIsShownAndIsRenewedWhenShownAgain() throws {
        let fixture = SiteFixture()
        let credentials = fixture.site.credentials
        credentials.setupCodeShown(again: false)
        let first = try #require(credentials.setupCode)
        let form = try #require(fixture.formBrowser("/setup"))
        fixture.advance(3601)
        let late = fixture.post(
            "/api/setup", form,
            form: ["code": first, "password": SiteFixture.password, "confirm": SiteFixture.password])
        #expect(late.status == 400)
        #expect(late.text.contains("expired"))
        #expect(!credentials.hasPassword)
        // The screen shows its first screen again: a fresh code, good for another hour.
        credentials.setupCodeShown(again: true)
        let second = try #require(credentials.setupCode)
        #expect(second.count == 8)
        fixture.advance(3000)
        credentials.setupCodeShown(again: false)
        let inTime = fixture.post(
            "/api/setup", form,
            form: ["code": second, "password": SiteFixture.password, "confirm": SiteFixture.password])
        #expect(inTime.status == 200, "\(inTime.text)")
        #expect(credentials.setupCode == nil, "used once")
    }

    @Test func aPlaylistSavedFromThePageMayNotRunCommands() throws {
        let fixture = SiteFixture()
        let browser = try fixture.setUp()
        let path = try #require(fixture.show.playlistPath)
        for display in [#"{ "offCommand": "id > /tmp/owned" }"#, #"{ "onCommand": ["/bin/sh", "-c", "id"] }"#] {
            let text = "{ \"version\": 1, \"items\": [ { \"folder\": \"photos\" } ], \"display\": \(display) }\n"
            let saved = fixture.post("/api/playlist", browser, body: Data(text.utf8), type: "text/plain")
            #expect(saved.status == 422, "\(saved.text)")
            #expect(saved.text.contains("configuration file"))
            let checked = fixture.post("/api/playlist/check", browser, body: Data(text.utf8), type: "text/plain")
            #expect(checked.text.contains("Command"))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == ShowDouble.goodPlaylist)
    }

    @Test func aPlaylistSavedFromThePageStaysInsideItsFolders() throws {
        let fixture = SiteFixture()
        let browser = try fixture.setUp()
        let path = try #require(fixture.show.playlistPath)
        // A link inside the photo folder that points outside it is outside too.
        try FileManager.default.createSymbolicLink(
            atPath: fixture.show.uploadFolder + "/etc", withDestinationPath: "/etc")
        for folder in ["/etc", "photos/../..", "photos/etc"] {
            let text = "{ \"version\": 1, \"items\": [ { \"folder\": \"photos\" }, { \"folder\": \"\(folder)\" } ] }\n"
            let saved = fixture.post("/api/playlist", browser, body: Data(text.utf8), type: "text/plain")
            #expect(saved.status == 422, "\(folder): \(saved.text)")
            #expect(saved.text.contains("outside"), "\(folder)")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == ShowDouble.goodPlaylist)
        let inside = "{ \"version\": 1, \"items\": [ { \"folder\": \"photos\", \"recursive\": true } ] }\n"
        #expect(fixture.post("/api/playlist", browser, body: Data(inside.utf8), type: "text/plain").status == 200)
    }

    @Test func onlyOurOwnLeftoverTemporariesAreRemoved() throws {
        let folder = NSTemporaryDirectory() + "vitrine-temporaries-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A writer that is gone (a process id no process has), one still running (ours), an old
        // one of an earlier version, and files that are not ours at all.
        let gone = ".vitrine-tmp-0123456789ab-999999999.upload"
        let running = ".vitrine-tmp-0123456789ab-\(getpid()).upload"
        let legacy = ".rocket.jpg.a1b2c3d4e5f6.part"
        let others = [
            ".vitrine-tmp-notours", "photo.jpg", ".hidden.part", ".x.a1b2c3d4e5f6.partial", "vitrine-tmp-0123456789ab",
        ]
        for name in [gone, running, legacy] + others {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("x".utf8)))
        }
        #expect(AtomicFile.temporary(gone).isOurs && AtomicFile.temporary(gone).writer == 999_999_999)
        let fresh = AtomicFile.removeStaleTemporaries(in: folder, olderThan: 3600)
        #expect(fresh.count == 1)
        var left = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(left == Set([running, legacy] + others))
        let later = AtomicFile.removeStaleTemporaries(in: folder, olderThan: 3600, now: Date() + Seconds(7200))
        #expect(later.count == 2)
        left = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(left == Set(others))
    }

    @Test func hostsAndOriginsAreThoseOfThisDevice() {
        let policy = HostPolicy(bind: "0.0.0.0", names: ["frame.example.org"])
        for host in ["127.0.0.1:8080", "localhost", "LOCALHOST:80", "[::1]:8080", "frame.example.org", "127.0.0.5"] {
            #expect(policy.allows(host: host), "\(host)")
        }
        for host in [
            "rebind.example", "rebind.example:8080", "8.8.8.8", "evil.localhost.example", "", "a b", "[::1",
        ] {
            #expect(!policy.allows(host: host), "\(host)")
        }
        #expect(policy.allows(host: nil), "an HTTP/1.0 request without a Host: no browser behind it")
        #expect(policy.allows(originOrReferer: "http://127.0.0.1:8080"))
        #expect(policy.allows(originOrReferer: "https://frame.example.org/now?x=1"))
        #expect(!policy.allows(originOrReferer: "http://rebind.example:8080"))
        #expect(!policy.allows(originOrReferer: "http://127.0.0.1@rebind.example/"))
        let one = HostPolicy(bind: "192.0.2.10")
        #expect(one.allows(host: "192.0.2.10:8080"))
        #expect(!one.allows(host: "192.0.2.11:8080"))
    }
}
