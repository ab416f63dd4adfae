import Foundation
import VitrineCore

/// The owner's web page as one request handler: any HTTP server turns a request into a
/// `WebRequest`, calls `handle`, and sends the `WebResponse` back. Safe to call from many
/// threads at once; it never waits on the show's frame loop.
///
/// Every page but `/healthz` needs a signed-in session; every change (POST) needs the
/// session's CSRF token in the `X-CSRF-Token` header; sign-in attempts are rate-limited.
public final class AdminSite: Sendable {
    public let show: any ShowControlling
    public let options: AdminSiteOptions
    /// The password and the setup code shown on the screen until one is set.
    public let credentials: CredentialStore
    let sessions = SessionStore()
    let throttle: LoginThrottle
    let now: @Sendable () -> Date
    let log = Log("web")

    static let sessionCookie = "vitrine_session"
    static let formCookie = "vitrine_form"
    static let pages = ["now", "photos", "playlist", "schedule", "settings"]

    public init(show: any ShowControlling, options: AdminSiteOptions, now: @escaping @Sendable () -> Date = { Date() })
    {
        self.show = show
        self.options = options
        self.now = now
        credentials = CredentialStore(path: options.statePath, cost: options.hashCost)
        throttle = LoginThrottle(limit: options.loginLimit, window: options.loginWindow)
    }

    /// Answers one request.
    public func handle(_ request: WebRequest) -> WebResponse {
        let path = request.path
        if path == "/healthz" { return .json("{\"ok\":true}") }
        if path.hasPrefix("/static/") { return staticFile(String(path.dropFirst("/static/".count))) }
        if request.method == "POST", !isSameOrigin(request) {
            return .error(403, "a change must come from this page itself")
        }
        switch (request.method, path) {
        case ("GET", "/setup"): return setupPage(request)
        case ("GET", "/login"): return loginPage(request)
        case ("POST", "/api/setup"): return setup(request)
        case ("POST", "/api/login"): return login(request)
        default: break
        }
        let session = sessions.session(request.cookies[Self.sessionCookie], now: now())
        guard let session else {
            // Only pages send a browser on to sign in: a stray request (a favicon) must not
            // load the sign-in page again behind the person's back and change its form token.
            guard path == "/" || Self.pages.contains(String(path.dropFirst())) else {
                return .error(path.hasPrefix("/api/") ? 401 : 404, "sign in first")
            }
            return .redirect(credentials.hasPassword ? "/login" : "/setup")
        }
        if request.method == "POST" {
            let sent = request.header("x-csrf-token") ?? ""
            guard Sodium.equalSecrets(sent, session.csrf) else {
                return .error(403, "this form has expired; reload the page and try again")
            }
        }
        return route(request, csrf: session.csrf)
    }

    private func route(_ request: WebRequest, csrf: String) -> WebResponse {
        switch (request.method, request.path) {
        case ("GET", "/"): return .redirect("/now")
        case ("GET", let path) where Self.pages.contains(String(path.dropFirst())):
            return page(String(path.dropFirst()), csrf: csrf)
        case ("POST", "/api/logout"):
            sessions.end(request.cookies[Self.sessionCookie])
            return WebResponse(
                status: 204, headers: [("Set-Cookie", cookie(Self.sessionCookie, "", maxAge: 0))],
                body: Data())
        case ("POST", "/api/password"): return changePassword(request)
        case ("GET", "/api/state"): return .json(show.stateJSON())
        case ("GET", "/api/frame"):
            guard let frame = show.currentFrame() else { return .error(503, "no frame shown yet") }
            return .bytes(frame.bytes, type: frame.type)
        case ("POST", "/api/command"): return command(request)
        case ("GET", "/api/photos"): return photoList()
        case ("GET", "/api/photo"): return photo(request)
        case ("POST", "/api/photos"): return upload(request)
        case ("POST", "/api/photos/delete"): return deletePhoto(request)
        case ("GET", "/api/playlist"): return playlistText()
        case ("POST", "/api/playlist/check"): return playlistCheck(request)
        case ("POST", "/api/playlist"): return playlistSave(request)
        case ("GET", "/api/schedule.png"):
            guard let chart = show.scheduleChart() else { return .error(404, "this show has no schedule") }
            return .bytes(chart, type: "image/png")
        case ("GET", "/api/preview.png"): return preview(request)
        case ("GET", "/api/settings"): return settingsValues()
        case ("POST", "/api/settings"): return settingsSave(request)
        case (_, let path) where path.hasPrefix("/api/"): return .error(404, "no such call")
        default: return .error(404, "no such page")
        }
    }

    // MARK: - Sign-in

    private func setupPage(_ request: WebRequest) -> WebResponse {
        guard !credentials.hasPassword else { return .redirect("/login") }
        return formPage("setup", request)
    }

    private func loginPage(_ request: WebRequest) -> WebResponse {
        guard credentials.hasPassword else { return .redirect("/setup") }
        return formPage("login", request)
    }

    /// A sign-in page: its form token goes in a cookie and in the page, and both must come back.
    private func formPage(_ name: String, _ request: WebRequest) -> WebResponse {
        // A browser that has a form token keeps it, so two tabs of the sign-in page both work.
        let kept = request.cookies[Self.formCookie].flatMap { $0.count == 64 && $0.allSatisfy(\.isHexDigit) ? $0 : nil }
        let token = kept ?? Sodium.token()
        var response = page(name, csrf: token)
        response.headers.append(("Set-Cookie", cookie(Self.formCookie, token, maxAge: 3600)))
        return response
    }

    private func checkFormToken(_ request: WebRequest) -> WebResponse? {
        let sent = request.header("x-csrf-token") ?? ""
        guard Sodium.equalSecrets(sent, request.cookies[Self.formCookie] ?? "") else {
            return .error(403, "this form has expired; reload the page and try again")
        }
        return nil
    }

    private func throttled(_ request: WebRequest) -> WebResponse? {
        guard let wait = throttle.retryAfter(request.client, now: now()) else { return nil }
        let seconds = Int(wait.rounded(.up))
        var response = WebResponse.error(429, "too many tries; wait \(seconds) s and try again")
        response.headers.append(("Retry-After", String(seconds)))
        return response
    }

    private func setup(_ request: WebRequest) -> WebResponse {
        if let refused = checkFormToken(request) ?? throttled(request) { return refused }
        let fields = request.formFields
        do {
            try credentials.setFirstPassword(fields["password"] ?? "", setupCode: fields["code"] ?? "")
        } catch {
            if error == .wrongCode { throttle.recordFailure(request.client, now: now()) }
            return .error(error == .alreadySet ? 409 : 400, error.description)
        }
        throttle.recordSuccess(request.client)
        return signedIn()
    }

    private func login(_ request: WebRequest) -> WebResponse {
        if let refused = checkFormToken(request) ?? throttled(request) { return refused }
        guard credentials.verify(request.formFields["password"] ?? "") else {
            throttle.recordFailure(request.client, now: now())
            log.warning("failed sign-in from \(request.client)")
            return .error(401, credentials.hasPassword ? "wrong password" : "no password set yet; use the setup page")
        }
        throttle.recordSuccess(request.client)
        return signedIn()
    }

    private func signedIn() -> WebResponse {
        let (token, _) = sessions.create(now: now())
        var response = WebResponse.json("{\"next\":\"/now\"}")
        response.headers.append(("Set-Cookie", cookie(Self.sessionCookie, token, maxAge: nil)))
        response.headers.append(("Set-Cookie", cookie(Self.formCookie, "", maxAge: 0)))
        return response
    }

    private func changePassword(_ request: WebRequest) -> WebResponse {
        let fields = request.formFields
        do {
            try credentials.changePassword(from: fields["current"] ?? "", to: fields["password"] ?? "")
        } catch {
            if error == .wrongPassword { throttle.recordFailure(request.client, now: now()) }
            return .error(400, error.description)
        }
        sessions.endAll()
        return signedIn()
    }

    func cookie(_ name: String, _ value: String, maxAge: Int?) -> String {
        var parts = ["\(name)=\(value)", "Path=/", "HttpOnly", "SameSite=Strict"]
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if options.secureCookies { parts.append("Secure") }
        return parts.joined(separator: "; ")
    }

    /// A browser says where a change comes from; one from another site is refused outright
    /// (SameSite cookies and the CSRF token refuse it too — this is the third lock).
    private func isSameOrigin(_ request: WebRequest) -> Bool {
        if let site = request.header("sec-fetch-site"), !["same-origin", "none"].contains(site) { return false }
        guard let origin = request.header("origin"), origin != "null" else { return true }
        guard let host = request.header("host") else { return false }
        return origin == "http://\(host)" || origin == "https://\(host)"
    }

    // MARK: - Files of the page

    /// A page of `assets/www` with its CSRF token put in.
    func page(_ name: String, csrf: String) -> WebResponse {
        guard let data = FileManager.default.contents(atPath: "\(options.assetsFolder)/\(name).html") else {
            log.error("page \(name).html missing in \(options.assetsFolder)")
            return .error(500, "the page's files are missing; reinstall vitrine")
        }
        let html = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "{{csrf}}", with: csrf)
        return .bytes(Data(html.utf8), type: "text/html; charset=utf-8")
    }

    private func staticFile(_ name: String) -> WebResponse {
        let types = ["css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml"]
        let ext = (name as NSString).pathExtension
        guard !name.contains("/"), !name.contains(".."), !name.hasPrefix("."), let type = types[ext],
            let data = FileManager.default.contents(atPath: "\(options.assetsFolder)/\(name)")
        else { return .error(404, "no such file") }
        return .bytes(data, type: type)
    }
}
