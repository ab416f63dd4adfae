import Foundation
import Synchronization
import Testing
import VitrineCore
import VitrineTestSupport
import VitrineWeb

/// A site over a show double, a clock the test moves, and a browser's cookies.
final class SiteFixture: Sendable {
    let show: ShowDouble
    let site: AdminSite
    private let clock = TestClock()
    static let password = "correct horse battery"

    init(withPlaylist: Bool = true, maximumFileBytes: Int = 1 << 20) {
        show = ShowDouble(withPlaylist: withPlaylist)
        var options = AdminSiteOptions(
            assetsFolder: Self.assetsFolder, statePath: show.root + "/state/web.json")
        options.hashCost = .minimum
        options.maximumFileBytes = maximumFileBytes
        options.maximumUploadBytes = 4 * maximumFileBytes
        let clock = self.clock
        site = AdminSite(show: show, options: options, now: { clock.now })
    }

    /// The page's files in the checkout.
    static var assetsFolder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/www").path
    }

    func advance(_ seconds: TimeInterval) {
        clock.advance(seconds)
    }

    /// A browser's signed-in session: the cookie header and the page's CSRF token.
    struct Browser {
        var cookie: String
        var csrf: String
    }

    static func cookies(of response: WebResponse) -> [String: String] {
        var out: [String: String] = [:]
        for (name, value) in response.headers where name == "Set-Cookie" {
            let pair = value.split(separator: ";")[0].split(
                separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            out[String(pair[0])] = pair.count > 1 ? String(pair[1]) : ""
        }
        return out
    }

    static func csrf(in response: WebResponse) -> String? {
        let html = response.text
        guard let start = html.range(of: "<meta name=\"csrf\" content=\"") else { return nil }
        return String(html[start.upperBound...].prefix { $0 != "\"" })
    }

    func get(_ target: String, _ browser: Browser? = nil, client: String = "127.0.0.1") -> WebResponse {
        site.handle(
            WebRequest(
                method: "GET", target: target, headers: browser.map { ["Cookie": $0.cookie] } ?? [:], client: client))
    }

    func post(
        _ target: String, _ browser: Browser?, body: Data = Data(), type: String = "application/x-www-form-urlencoded",
        csrf: String? = nil, client: String = "127.0.0.1", extra: [String: String] = [:]
    ) -> WebResponse {
        var headers = ["Content-Type": type, "Host": "screen.local:8080"].merging(extra) { $1 }
        if let browser { headers["Cookie"] = browser.cookie }
        if let token = csrf ?? browser?.csrf { headers["X-CSRF-Token"] = token }
        return site.handle(WebRequest(method: "POST", target: target, headers: headers, body: body, client: client))
    }

    func post(
        _ target: String, _ browser: Browser?, form: [String: String], csrf: String? = nil, client: String = "127.0.0.1"
    )
        -> WebResponse
    {
        let body = form.map {
            "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        }
        .joined(separator: "&")
        return post(target, browser, body: Data(body.utf8), csrf: csrf, client: client)
    }

    /// The form cookie and token of a sign-in page.
    func formBrowser(_ page: String) -> Browser? {
        let response = get(page)
        guard let token = Self.csrf(in: response), let cookie = Self.cookies(of: response)["vitrine_form"] else {
            return nil
        }
        return Browser(cookie: "vitrine_form=\(cookie)", csrf: token)
    }

    /// Sets the password with the setup code and returns the signed-in browser.
    func setUp() throws -> Browser {
        let form = try #require(formBrowser("/setup"))
        let code = try #require(site.credentials.setupCode)
        let response = post("/api/setup", form, form: ["code": code, "password": Self.password])
        #expect(response.status == 200, "\(response.text)")
        return try session(from: response)
    }

    func signIn(client: String = "127.0.0.1") throws -> Browser {
        let form = try #require(formBrowser("/login"))
        let response = post("/api/login", form, form: ["password": Self.password], client: client)
        #expect(response.status == 200, "\(response.text)")
        return try session(from: response)
    }

    private func session(from response: WebResponse) throws -> Browser {
        let token = try #require(Self.cookies(of: response)["vitrine_session"])
        let cookie = "vitrine_session=\(token)"
        let page = get("/now", Browser(cookie: cookie, csrf: ""))
        return Browser(cookie: cookie, csrf: try #require(Self.csrf(in: page)))
    }

    /// A multipart/form-data body with files.
    func upload(_ files: [(name: String, bytes: Data)], _ browser: Browser?, query: String = "") -> WebResponse {
        let (body, type) = PlainHTTP.multipart(files)
        return post("/api/photos" + query, browser, body: body, type: type)
    }
}

/// Time the test moves by hand.
final class TestClock: Sendable {
    private let value = Mutex(Date(timeIntervalSince1970: 1_750_000_000))
    var now: Date { value.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { value.withLock { $0 += seconds } }
}
