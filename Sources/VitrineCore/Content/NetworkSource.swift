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
