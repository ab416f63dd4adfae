import Foundation
import Testing
import VitrineCore
import VitrineWeb

@Suite struct SignInTests {
    @Test func aBareStatusCheckNeedsNoPassword() {
        let fixture = SiteFixture()
        let response = fixture.get("/healthz")
        #expect(response.status == 200)
        #expect(response.text == "{\"ok\":true}")
    }

    @Test func pagesSendToSetupFirstThenToSignIn() throws {
        let fixture = SiteFixture()
        #expect(fixture.get("/now").header("Location") == "/setup")
        #expect(fixture.get("/api/state").status == 401)
        _ = try fixture.setUp()
        #expect(fixture.get("/now").header("Location") == "/login")
        #expect(fixture.get("/setup").header("Location") == "/login")
    }

    @Test func theSetupCodeWorksOnceAndAWrongOneIsRefused() throws {
        let fixture = SiteFixture()
        let code = try #require(fixture.site.credentials.setupCode)
        #expect(code.count == 8 && code.allSatisfy(\.isNumber))
        let form = try #require(fixture.formBrowser("/setup"))
        let wrong = String(code.reversed()) == code ? "00000000" : String(code.reversed())
        let refused = fixture.post("/api/setup", form, form: ["code": wrong, "password": SiteFixture.password])
        #expect(refused.status == 400)
        #expect(refused.text.contains("setup code"))
        #expect(!fixture.site.credentials.hasPassword)
        let short = fixture.post("/api/setup", form, form: ["code": code, "password": "short"])
        #expect(short.status == 400)
        let browser = try fixture.setUp()
        #expect(fixture.get("/api/state", browser).status == 200)
        #expect(fixture.site.credentials.setupCode == nil)
        let again = fixture.post("/api/setup", form, form: ["code": code, "password": "another password"])
        #expect(again.status == 409)
        #expect(fixture.site.credentials.verify(SiteFixture.password))
    }

    @Test func thePasswordIsKeptAsASlowHashInAPrivateFile() throws {
        let fixture = SiteFixture()
        _ = try fixture.setUp()
        let path = fixture.show.root + "/state/web.json"
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("$argon2id$"))
        #expect(!text.contains(SiteFixture.password))
        let reread = CredentialStore(path: path, cost: .minimum)
        #expect(reread.hasPassword && reread.setupCode == nil)
        #expect(reread.verify(SiteFixture.password))
        #expect(!reread.verify("correct horse battery!"))
    }

    @Test func hashesVerifyOnlyTheirPassword() throws {
        let hash = try #require(Sodium.hashPassword("swordfish-42", cost: .minimum))
        let other = try #require(Sodium.hashPassword("swordfish-42", cost: .minimum))
        #expect(hash != other, "each hash has its own salt")
        #expect(Sodium.verifyPassword("swordfish-42", hash: hash))
        #expect(!Sodium.verifyPassword("swordfish-43", hash: hash))
        #expect(!Sodium.verifyPassword("swordfish-42", hash: "$argon2id$garbage"))
        #expect(Sodium.token().count == 64 && Sodium.token() != Sodium.token())
    }

    @Test func theSessionCookieIsHttpOnlyAndStrict() throws {
        let fixture = SiteFixture()
        _ = try fixture.setUp()
        let form = try #require(fixture.formBrowser("/login"))
        let response = fixture.post("/api/login", form, form: ["password": SiteFixture.password])
        let cookie = try #require(
            response.headers.first { $0.name == "Set-Cookie" && $0.value.hasPrefix("vitrine_session=") })
        #expect(cookie.value.contains("HttpOnly"))
        #expect(cookie.value.contains("SameSite=Strict"))
        #expect(cookie.value.split(separator: ";")[0].count > 60)
    }

    @Test func signInWithoutTheFormTokenIsRefused() throws {
        let fixture = SiteFixture()
        _ = try fixture.setUp()
        let response = fixture.post("/api/login", nil, form: ["password": SiteFixture.password], csrf: "")
        #expect(response.status == 403)
    }

    @Test func tooManyFailedSignInsGet429EvenWithTheRightPassword() throws {
        let fixture = SiteFixture()
        _ = try fixture.setUp()
        let form = try #require(fixture.formBrowser("/login"))
        for _ in 0..<5 {
            #expect(fixture.post("/api/login", form, form: ["password": "guess"], client: "10.0.0.9").status == 401)
        }
        let blocked = fixture.post("/api/login", form, form: ["password": SiteFixture.password], client: "10.0.0.9")
        #expect(blocked.status == 429)
        #expect(blocked.header("Retry-After") != nil)
        #expect(SiteFixture.cookies(of: blocked)["vitrine_session"] == nil)
        // Another client is not held up, and the first may try again once the minute has passed.
        #expect(
            fixture.post("/api/login", form, form: ["password": SiteFixture.password], client: "10.0.0.7").status == 200
        )
        fixture.advance(61)
        #expect(
            fixture.post("/api/login", form, form: ["password": SiteFixture.password], client: "10.0.0.9").status == 200
        )
    }

    @Test func wrongSetupCodesAreRateLimitedToo() throws {
        let fixture = SiteFixture()
        let form = try #require(fixture.formBrowser("/setup"))
        for _ in 0..<5 {
            _ = fixture.post("/api/setup", form, form: ["code": "1", "password": SiteFixture.password])
        }
        let code = try #require(fixture.site.credentials.setupCode)
        let blocked = fixture.post("/api/setup", form, form: ["code": code, "password": SiteFixture.password])
        #expect(blocked.status == 429)
        #expect(!fixture.site.credentials.hasPassword)
    }
}
