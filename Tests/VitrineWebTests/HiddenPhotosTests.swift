import Foundation
import Testing
import VitrineCore
import VitrineTestSupport
import VitrineWeb

/// The Photos page lists the photos hidden from the screen and shows them again on request.
@Suite struct HiddenPhotosTests {
    @Test func theHiddenListAndShowAgainNeedASignedInPageAndAKnownPath() throws {
        let fixture = SiteFixture()
        fixture.show.hidden.withLock { $0 = ["/srv/photos/pier.jpg"] }
        let browser = try fixture.setUp()
        let list = fixture.get("/api/hidden", browser)
        #expect(list.status == 200)
        #expect(list.text.contains("\"name\":\"pier.jpg\""))
        let unknown = fixture.post("/api/hidden/restore", browser, form: ["path": "/etc/passwd"])
        #expect(unknown.status == 409)
        #expect(unknown.text.contains("not hidden"))
        let restored = fixture.post("/api/hidden/restore", browser, form: ["path": "/srv/photos/pier.jpg"])
        #expect(restored.status == 200, "\(restored.text)")
        #expect(fixture.show.restored.withLock { $0 } == ["/srv/photos/pier.jpg"])
        // Signed out: neither the list nor the restore.
        #expect(fixture.get("/api/hidden", nil).status == 401)
    }
}
