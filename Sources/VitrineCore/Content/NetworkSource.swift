/// A place on the network that photos come from, as written in a playlist item or on the
/// command line. Pure values: reading key files and fetching are the mirror's business.
public enum NetworkSource: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// `{ "url": "https://…/photo.jpg" }`: one image.
    case url(URLSource)
    /// `{ "feed": "https://…/photos.json" }`: a JSON list of image URLs, or an RSS/Atom feed.
    case feed(FeedSource)
    /// `{ "webdav": "https://host/remote.php/dav/files/USER/Photos", … }`: a WebDAV folder.
    case webdav(WebDAVSource)
    /// `{ "immich": { "server": …, "apiKeyFile": …, "album": … } }`: an Immich album, favourites, person
    /// or the day's memories.
    case immich(ImmichSource)

    /// A stable name of this source for the mirror's index: the same spec gives the same key.
    /// It holds no secret (key files are named by path, never by content).
    public var key: String {
        switch self {
        case .url(let s): return "url \(s.url)"
        case .feed(let s): return "feed \(s.url)"
        case .webdav(let s): return "webdav \(s.url) user=\(s.user ?? "") recursive=\(s.recursive)"
        case .immich(let s):
            let base = "immich \(s.server) album=\(s.album ?? "") favorites=\(s.favorites) person=\(s.person ?? "")"
            return s.memories ? base + " memories=true" : base
        }
    }

    /// The private certificate authority to trust for this source, if any.
    public var caFile: String? {
        switch self {
        case .url(let s): return s.caFile
        case .feed(let s): return s.caFile
        case .webdav(let s): return s.caFile
        case .immich(let s): return s.caFile
        }
    }

    /// What the source is, for logs and `vitrine check`: no credentials, no query string.
    public var description: String {
        switch self {
        case .url(let s): return "url \(NetworkAddress.redacted(s.url))"
        case .feed(let s): return "feed \(NetworkAddress.redacted(s.url))"
        case .webdav(let s): return "webdav \(NetworkAddress.redacted(s.url))"
        case .immich(let s):
            let what =
                s.album.map { "album \($0)" }
                ?? (s.favorites ? "favorites" : s.person.map { "person \($0)" } ?? (s.memories ? "memories" : ""))
            return "immich \(NetworkAddress.redacted(s.server)) \(what)"
        }
    }
}

/// One image at an http(s) address.
public struct URLSource: Equatable, Hashable, Sendable {
    public var url: String
    public var caFile: String?

    public init(url: String, caFile: String? = nil) {
        self.url = url
        self.caFile = caFile
    }
}

/// A list of images: JSON (`["https://…", …]` or `[{ "url": …, "caption": … }]`) or RSS/Atom.
public struct FeedSource: Equatable, Hashable, Sendable {
    public var url: String
    public var caFile: String?

    public init(url: String, caFile: String? = nil) {
        self.url = url
        self.caFile = caFile
    }
}

/// A WebDAV folder (Nextcloud, ownCloud, Apache mod_dav, …), walked one level at a time.
public struct WebDAVSource: Equatable, Hashable, Sendable {
    public var url: String
    public var user: String?
    /// A file whose first line is the password.
    public var passwordFile: String?
    public var recursive: Bool
    public var caFile: String?

    public init(
        url: String, user: String? = nil, passwordFile: String? = nil, recursive: Bool = false, caFile: String? = nil
    ) {
        self.url = url
        self.user = user
        self.passwordFile = passwordFile
        self.recursive = recursive
        self.caFile = caFile
    }
}

/// Photos of an Immich server: an album (by name or id), the favourites, a person's, or the photos
/// of Immich's "on this day" memories for the frame's day.
public struct ImmichSource: Equatable, Hashable, Sendable {
    public var server: String
    /// A file whose first line is the API key (sent as `x-api-key`).
    public var apiKeyFile: String
    public var album: String?
    public var favorites: Bool
    public var person: String?
    /// `"memories": true`: the photos of the server's memories of this day in earlier years.
    public var memories: Bool
    public var caFile: String?

    public init(
        server: String, apiKeyFile: String, album: String? = nil, favorites: Bool = false, person: String? = nil,
        memories: Bool = false, caFile: String? = nil
    ) {
        self.server = server
        self.apiKeyFile = apiKeyFile
        self.album = album
        self.favorites = favorites
        self.person = person
        self.memories = memories
        self.caFile = caFile
    }
}

/// Addresses as they may be shown: scheme, host, port and path, never a user, password or query.
public enum NetworkAddress {
    /// `https://user:pw@host:8443/a/b.jpg?token=x` → `https://host:8443/a/b.jpg`.
    public static func redacted(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return "(not a URL)" }
        let scheme = url[..<schemeEnd.lowerBound]
        var rest = url[schemeEnd.upperBound...]
        if let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<cut] }
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        return "\(scheme)://\(authority)\(rest[authorityEnd...])"
    }

    /// The host (and port) of `url`, for messages.
    public static func host(_ url: String) -> String {
        let shown = redacted(url)
        guard let schemeEnd = shown.range(of: "://") else { return shown }
        let rest = shown[schemeEnd.upperBound...]
        return String(rest[..<(rest.firstIndex(of: "/") ?? rest.endIndex)])
    }

    /// Whether `url` is an absolute http or https address with a host.
    public static func isHTTP(_ url: String) -> Bool {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return false }
        let host = host(url)
        return !host.isEmpty && !url.contains(where: { $0 == " " || $0 == "\n" || $0 == "\t" })
    }
}
