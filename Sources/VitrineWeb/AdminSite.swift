import Foundation
import Synchronization
import VitrineCore
import VitrineHTTP

/// The owner's web page as an `HTTPService`: `admit` decides from a request's head alone
/// (signed in, tokens, origin) how much body it may send and what answers it; `handle` does the
/// same for a whole request held in memory (tests). Safe to call from many threads at once; it
/// never waits on the show's frame loop.
///
/// Every page but `/healthz` needs a signed-in session; every change (POST) needs the
/// session's CSRF token in the `X-CSRF-Token` header; sign-in attempts are counted before the
/// password is hashed and limited per address and in all.
public final class AdminSite: Sendable {
    public let show: any ShowControlling
    public let options: AdminSiteOptions
    /// The password and the setup code shown on the screen until one is set.
    public let credentials: CredentialStore
    let sessions = SessionStore()
    let throttle: LoginThrottle
    let passwordThrottle: LoginThrottle
    /// The Now page's live streams.
    let live: LiveFeed
    /// The photo folder's listing, kept while the folder is unchanged (a page of 10,000 photos
    /// is asked for in pieces).
    let listing = Mutex<(stamp: String, entries: [PhotoFolder.Entry])?>(nil)
    /// Held while the folder is listed, so one request lists it and the others wait for that.
    let listingTurn = Mutex<Void>(())
    /// Thumbnails made and kept on disk (nil when the state folder cannot hold them).
    let thumbnails: ThumbnailStore
    /// The pages' HTML as read from `assetsFolder`, by name.
    private let pageCache = Mutex<[String: Data]>([:])
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
        credentials = CredentialStore(path: options.statePath, cost: options.hashCost, now: now)
        throttle = LoginThrottle(
            limit: options.loginLimit, window: options.loginWindow, globalLimit: options.globalLoginLimit,
            globalWindow: options.globalLoginWindow)
        passwordThrottle = LoginThrottle(
            limit: options.loginLimit, window: options.loginWindow, globalLimit: options.globalLoginLimit,
            globalWindow: options.globalLoginWindow)
        let (sessions, show) = (sessions, show)
        live = LiveFeed(
            message: { show.liveJSON() }, frame: { show.currentFrame(width: $0) },
            stillSignedIn: { sessions.session($0, now: now()) != nil })
        thumbnails = ThumbnailStore(
            folder: (options.statePath as NSString).deletingLastPathComponent + "/thumbnails")
        show.onChange { [live] in live.changed() }
    }

    /// The most body a request may send before it is signed in (a sign-in form).
    public static let unauthenticatedBodyBytes = 8 << 10
    /// The most body of a signed-in change other than an upload or a playlist.
    static let formBodyBytes = 64 << 10
    /// The most body of a command (`command=display-auto`).
    static let commandBodyBytes = 256
    /// Seconds a body may take: a form, a playlist, an upload.
    static let formSeconds: Seconds = 20
    static let uploadSeconds: Seconds = 900

    /// Decides from a request's head alone (before any body byte is read): refused outright, or
    /// how much body it may send and what answers it. Signed-in state, the form and CSRF tokens
    /// and the origin all come from headers; a request that is not signed in may send at most
    /// `unauthenticatedBodyBytes`.
    public func admit(_ head: HTTPHead) -> HTTPAdmission {
        let path = head.path
        if path == "/healthz" { return .respond(.json(.object([("ok", .bool(true))]))) }
        if path.hasPrefix("/static/") { return .respond(staticFile(String(path.dropFirst("/static/".count)))) }
        let cookies = WebRequest.parseCookies(head.header("cookie") ?? "")
        if head.method == "POST", !isSameOrigin(head) {
            return .respond(.error(403, "a change must come from this page itself"))
        }
        switch (head.method, path) {
        case ("GET", "/setup"): return .respond(setupPage(cookies))
        case ("GET", "/login"): return .respond(loginPage(cookies))
        case ("POST", "/api/setup"), ("POST", "/api/login"):
            if let refused = checkFormToken(head, cookies) ?? throttled(head.client) { return .respond(refused) }
            return .buffer(limit: Self.unauthenticatedBodyBytes, seconds: Self.formSeconds) { [self] body in
                let request = WebRequest(head, cookies: cookies, body: body)
                return path == "/api/setup" ? setup(request) : login(request)
            }
        default: break
        }
        let token = cookies[Self.sessionCookie]
        guard let session = sessions.session(token, now: now()) else {
            // Only pages send a browser on to sign in: a stray request (a favicon) must not
            // load the sign-in page again behind the person's back and change its form token.
            guard path == "/" || Self.pages.contains(String(path.dropFirst())) else {
                return .respond(.error(path.hasPrefix("/api/") ? 401 : 404, "sign in first"))
            }
            return .respond(.redirect(credentials.hasPassword ? "/login" : "/setup"))
        }
        if head.method == "GET", path == "/api/events" {
            // Signed in (above) before anything is sent; the stream ends with its session.
            let live = self.live
            let session = token ?? ""
            let width = head.query["w"].flatMap { Int($0) }.map { min(max($0, 64), 4096) }
            return .events(headers: [], open: { live.add($0, session: session, width: width) })
        }
        if head.method == "POST" {
            guard Sodium.equalSecrets(head.header("x-csrf-token") ?? "", session.csrf) else {
                return .respond(.error(403, "this form has expired; reload the page and try again"))
            }
        }
        switch (head.method, path) {
        case ("POST", "/api/photos"):
            switch UploadReceiver.start(head: head, site: self) {
            case .success(let receiver): return .stream(receiver, seconds: Self.uploadSeconds)
            case .failure(let refusal): return .respond(.error(refusal.status, refusal.message))
            }
        case ("POST", "/api/playlist"), ("POST", "/api/playlist/check"):
            return .buffer(limit: PlaylistDecoder.maximumBytes, seconds: Self.uploadSeconds) { [self] body in
                route(WebRequest(head, cookies: cookies, body: body), session: token ?? "", csrf: session.csrf)
            }
        case ("POST", "/api/command"):
            // A command is queued for the show at once, on the thread that read it: it waits
            // behind no thumbnail or preview being made.
            return .quick(limit: Self.commandBodyBytes, seconds: Self.formSeconds) { [self] body in
                command(WebRequest(head, cookies: cookies, body: body))
            }
        case ("POST", _):
            return .buffer(limit: Self.formBodyBytes, seconds: Self.formSeconds) { [self] body in
                route(WebRequest(head, cookies: cookies, body: body), session: token ?? "", csrf: session.csrf)
            }
        default:
            return .buffer(limit: 0, seconds: Self.formSeconds) { [self] _ in
                route(WebRequest(head, cookies: cookies, body: Data()), session: token ?? "", csrf: session.csrf)
            }
        }
    }

    /// Answers one request whole, as a server would: the head decides first, then the body is
    /// read within the limits it was given (for tests and servers that hold whole requests).
    public func handle(_ request: WebRequest) -> WebResponse {
        let head = HTTPHead(
            method: request.method, path: request.path, query: request.query, headers: request.headers,
            client: request.client)
        switch admit(head) {
        case .respond(let answer): return answer
        case .buffer(let limit, _, let answer), .quick(let limit, _, let answer):
            guard request.body.count <= limit else { return .error(413, "too much at once") }
            return answer(request.body)
        case .events:
            return .error(400, "a live stream needs the server")
        case .stream(let sink, _):
            var refusal: WebResponse?
            request.body.withUnsafeBytes { raw in
                var offset = 0
                while refusal == nil, offset < raw.count {
                    let piece = UnsafeRawBufferPointer(rebasing: raw[offset..<min(raw.count, offset + 65536)])
                    refusal = sink.write(piece)
                    offset += piece.count
                }
            }
            if let refusal {
                sink.abandon()
                return refusal
            }
            return sink.finish()
        }
    }

    private func route(_ request: WebRequest, session: String, csrf: String) -> WebResponse {
        switch (request.method, request.path) {
        case ("GET", "/"): return .redirect("/now")
        case ("GET", let path) where Self.pages.contains(String(path.dropFirst())):
            return page(String(path.dropFirst()), csrf: csrf)
        case ("POST", "/api/logout"):
            sessions.end(request.cookies[Self.sessionCookie])
            live.pruneEndedSessions()
            return WebResponse(
                status: 204, headers: [("Set-Cookie", cookie(Self.sessionCookie, "", maxAge: 0))],
                body: Data())
        case ("POST", "/api/password"): return changePassword(request, session: session)
        case ("GET", "/api/state"): return .json(show.stateJSON())
        case ("GET", "/api/frame"):
            let width = request.query["w"].flatMap { Int($0) }.map { min(max($0, 64), 4096) }
            guard let frame = show.currentFrame(width: width) else { return .error(503, "no frame shown yet") }
            return .bytes(frame.bytes, type: frame.type)
        case ("POST", "/api/command"): return command(request)
        case ("GET", "/api/photos"): return photoList(request)
        case ("GET", "/api/thumb"): return thumbnail(request)
        case ("GET", "/api/photo"): return photo(request)
        case ("POST", "/api/photos/delete"): return deletePhoto(request)
        case ("GET", "/api/hidden"):
            return .json(
                .object([
                    (
                        "hidden",
                        .array(
                            show.hiddenPhotos().map { path in
                                .object([
                                    ("path", .string(path)),
                                    ("name", .string((path as NSString).lastPathComponent)),
                                ])
                            })
                    )
                ]))
        case ("POST", "/api/hidden/restore"):
            let path = request.formFields["path"] ?? ""
            if let refusal = show.showAgain(path) { return .error(409, refusal) }
            return .json(.object([("restored", .string(path))]))
        case ("GET", "/api/playlist"): return playlistText()
        case ("GET", "/api/browse"): return browse(request)
        case ("GET", "/api/caption"): return captionPreview(request)
        case ("POST", "/api/playlist/check"): return playlistCheck(request)
        case ("POST", "/api/playlist"): return playlistSave(request)
        case ("GET", "/api/schedule.png"):
            guard let chart = show.scheduleChart() else { return .error(404, "this show has no schedule") }
            return .bytes(chart, type: "image/png")
        case ("GET", "/api/schedule"):
            guard let week = show.scheduleWeek() else { return .error(404, "this show has no schedule") }
            return .json(week)
        case ("GET", "/api/preview.png"): return preview(request)
        case ("GET", "/api/preview-state"): return previewState(request)
        case ("GET", "/api/settings"): return settingsValues()
        case ("POST", "/api/settings"): return settingsSave(request)
        case (_, let path) where path.hasPrefix("/api/"): return .error(404, "no such call")
        default: return .error(404, "no such page")
        }
    }

    // MARK: - Sign-in

    private func setupPage(_ cookies: [String: String]) -> WebResponse {
        guard !credentials.hasPassword else { return .redirect("/login") }
        return formPage("setup", cookies)
    }

    private func loginPage(_ cookies: [String: String]) -> WebResponse {
        guard credentials.hasPassword else { return .redirect("/setup") }
        return formPage("login", cookies)
    }

    /// A sign-in page: its form token goes in a cookie and in the page, and both must come back.
    private func formPage(_ name: String, _ cookies: [String: String]) -> WebResponse {
        // A browser that has a form token keeps it, so two tabs of the sign-in page both work.
        let kept = cookies[Self.formCookie].flatMap { $0.count == 64 && $0.allSatisfy(\.isHexDigit) ? $0 : nil }
        let token = kept ?? Sodium.token()
        var response = page(name, csrf: token)
        response.headers.append(("Set-Cookie", cookie(Self.formCookie, token, maxAge: 3600)))
        return response
    }

    private func checkFormToken(_ head: HTTPHead, _ cookies: [String: String]) -> WebResponse? {
        let sent = head.header("x-csrf-token") ?? ""
        guard Sodium.equalSecrets(sent, cookies[Self.formCookie] ?? "") else {
            return .error(403, "this form has expired; reload the page and try again")
        }
        return nil
    }

    private func throttled(_ client: String) -> WebResponse? {
        throttle.retryAfter(client, now: now()).map(tooMany)
    }

    private func tooMany(_ wait: Seconds) -> WebResponse {
        let seconds = Int(wait.value.rounded(.up))
        var response = WebResponse.error(429, "too many tries; wait \(seconds) s and try again")
        response.headers.append(("Retry-After", String(seconds)))
        return response
    }

    private var busy: WebResponse {
        var response = WebResponse.error(429, CredentialStore.Refusal.busy.description)
        response.headers.append(("Retry-After", "2"))
        return response
    }

    private func setup(_ request: WebRequest) -> WebResponse {
        let started = now()
        if let wait = throttle.reserve(request.client, now: started) { return tooMany(wait) }
        let fields = request.formFields
        do {
            try credentials.setFirstPassword(
                fields["password"] ?? "", confirmation: fields["confirm"], setupCode: fields["code"] ?? "")
        } catch {
            switch error {
            case .wrongCode, .expiredCode:
                // Never the code typed: only that one failed, and from where.
                log.warning("failed setup code from \(request.client)\(error == .expiredCode ? " (expired)" : "")")
            case .busy:
                throttle.release(request.client, at: started)
                return busy
            default: throttle.release(request.client, at: started)
            }
            return .error(error == .alreadySet ? 409 : 400, error.description)
        }
        throttle.succeeded(request.client, at: started)
        return signedIn()
    }

    private func login(_ request: WebRequest) -> WebResponse {
        let started = now()
        // Counted before the hash, under one lock: concurrent tries cannot slip past the limit.
        if let wait = throttle.reserve(request.client, now: started) { return tooMany(wait) }
        switch credentials.check(request.formFields["password"] ?? "") {
        case .some(true):
            throttle.succeeded(request.client, at: started)
            return signedIn()
        case .some(false):
            log.warning("failed sign-in from \(request.client)")
            return .error(401, credentials.hasPassword ? "wrong password" : "no password set yet; use the setup page")
        case .none:
            throttle.release(request.client, at: started)
            return busy
        }
    }

    private func signedIn() -> WebResponse {
        let (token, _) = sessions.create(now: now())
        var response = WebResponse.json(.object([("next", .string("/now"))]))
        response.headers.append(("Set-Cookie", cookie(Self.sessionCookie, token, maxAge: nil)))
        response.headers.append(("Set-Cookie", cookie(Self.formCookie, "", maxAge: 0)))
        return response
    }

    /// Limited per session (and in all), apart from sign-in: a wrong current password here
    /// never locks anyone out of signing in, and sign-in storms never lock a signed-in owner out of this.
    private func changePassword(_ request: WebRequest, session: String) -> WebResponse {
        let started = now()
        let key = "session:" + String(session.prefix(16))
        if let wait = passwordThrottle.reserve(key, now: started) { return tooMany(wait) }
        let fields = request.formFields
        do {
            try credentials.changePassword(
                from: fields["current"] ?? "", to: fields["password"] ?? "", confirmation: fields["confirm"])
        } catch {
            switch error {
            case .wrongPassword: log.warning("wrong current password given to change it, from \(request.client)")
            case .busy:
                passwordThrottle.release(key, at: started)
                return busy
            default: passwordThrottle.release(key, at: started)
            }
            return .error(400, error.description)
        }
        passwordThrottle.succeeded(key, at: started)
        sessions.endAll()
        live.pruneEndedSessions()
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
    private func isSameOrigin(_ request: HTTPHead) -> Bool {
        if let site = request.header("sec-fetch-site"), !["same-origin", "none"].contains(site) { return false }
        guard let origin = request.header("origin"), origin != "null" else { return true }
        guard let host = request.header("host") else { return false }
        return origin == "http://\(host)" || origin == "https://\(host)"
    }

    // MARK: - Files of the page

    /// A page of `assets/www` with its CSRF token put in.
    func page(_ name: String, csrf: String) -> WebResponse {
        // Read once: a flood of sign-in pages costs no disk reads.
        let cached = pageCache.withLock { $0[name] }
        guard let template = cached ?? FileManager.default.contents(atPath: "\(options.assetsFolder)/\(name).html")
        else {
            log.error("page \(name).html missing in \(options.assetsFolder)")
            return .error(500, "the page's files are missing; reinstall vitrine")
        }
        if cached == nil { pageCache.withLock { $0[name] = template } }
        let html = String(decoding: template, as: UTF8.self).replacingOccurrences(of: "{{csrf}}", with: csrf)
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
