/// Reads a network source from a playlist item's JSON, with every problem as a
/// `Diagnostic` at its line and column, so `vitrine check` can point at it.
public enum NetworkSourceDecoder {
    /// The item keys a network source uses; a playlist decoder leaves them to `decode`.
    public static let itemKeys: Set<String> = ["url", "feed", "webdav", "immich", "user", "passwordFile", "caFile"]

    /// Whether an item object is a network source (it has `url`, `feed`, `webdav` or `immich`).
    public static func isNetworkItem(_ node: JSONNode) -> Bool {
        ["url", "feed", "webdav", "immich"].contains { node[$0] != nil }
    }

    /// The source written in `node` (an item object), or nil with at least one error.
    /// `path` names the item in messages, as in `items[2]`.
    public static func decode(_ node: JSONNode, path: String) -> (source: NetworkSource?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        func error(_ key: String, _ message: String, _ at: TextPosition?) {
            diagnostics.append(Diagnostic(.error, key.isEmpty ? path : "\(path).\(key)", message, at: at))
        }
        func address(_ key: String, _ what: String) -> String? {
            guard let value = node[key] else { return nil }
            guard let text = value.string, NetworkAddress.isHTTP(text) else {
                error(key, "must be an http:// or https:// address of \(what)", value.position)
                return nil
            }
            return text
        }
        func text(_ key: String, in object: JSONNode, _ where: String) -> String? {
            guard let value = object[key] else { return nil }
            guard let text = value.string, !text.isEmpty else {
                error(`where`, "must be a non-empty string", value.position)
                return nil
            }
            return text
        }
        guard node.members != nil else {
            error("", "must be an object such as { \"url\": \"https://…\" }", node.position)
            return (nil, diagnostics)
        }
        let kinds = ["url", "feed", "webdav", "immich"].filter { node[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first else {
            error(
                "", "has \(kinds.map { "\"\($0)\"" }.joined(separator: " and ")); an item is one source", node.position)
            return (nil, diagnostics)
        }
        let caFile = text("caFile", in: node, "caFile")
        for key in ["user", "passwordFile"] where node[key] != nil && kind != "webdav" {
            diagnostics.append(
                Diagnostic(.warning, "\(path).\(key)", "applies to webdav only; it is ignored", at: node[key]?.position)
            )
        }
        switch kind {
        case "url":
            guard let url = address("url", "an image") else { return (nil, diagnostics) }
            return (.url(URLSource(url: url, caFile: caFile)), diagnostics)
        case "feed":
            guard let url = address("feed", "a JSON, RSS or Atom feed") else { return (nil, diagnostics) }
            return (.feed(FeedSource(url: url, caFile: caFile)), diagnostics)
        case "webdav":
            guard let url = address("webdav", "a WebDAV folder") else { return (nil, diagnostics) }
            var source = WebDAVSource(url: url, caFile: caFile)
            source.user = text("user", in: node, "user")
            source.passwordFile = text("passwordFile", in: node, "passwordFile")
            if source.user != nil, source.passwordFile == nil {
                error("passwordFile", "is missing; a user needs a file holding the password", node.position)
            }
            if let recursive = node["recursive"] {
                if let flag = recursive.bool {
                    source.recursive = flag
                } else {
                    error("recursive", "must be true or false", recursive.position)
                }
            }
            return (diagnostics.errors.isEmpty ? .webdav(source) : nil, diagnostics)
        default:
            return decodeImmich(node, path: path, caFile: caFile, diagnostics: diagnostics)
        }
    }

    private static func decodeImmich(_ item: JSONNode, path: String, caFile: String?, diagnostics: [Diagnostic])
        -> (source: NetworkSource?, diagnostics: [Diagnostic])
    {
        var diagnostics = diagnostics
        let here = "\(path).immich"
        guard let node = item["immich"], let members = node.members else {
            diagnostics.append(
                Diagnostic(
                    .error, here, "must be an object: { \"server\": …, \"apiKeyFile\": …, \"album\": … }",
                    at: item["immich"]?.position))
            return (nil, diagnostics)
        }
        func error(_ key: String, _ message: String, _ at: TextPosition?) {
            diagnostics.append(Diagnostic(.error, "\(here).\(key)", message, at: at))
        }
        let known: Set<String> = ["server", "apiKeyFile", "album", "favorites", "person", "memories", "caFile"]
        for member in members where !known.contains(member.key) {
            diagnostics.append(
                Diagnostic(
                    .warning, "\(here).\(member.key)", "is not a field of an Immich source; it is ignored",
                    at: member.keyPosition))
        }
        var server: String?
        if let value = node["server"] {
            if let text = value.string, NetworkAddress.isHTTP(text) {
                server = text
            } else {
                error("server", "must be the http:// or https:// address of the Immich server", value.position)
            }
        } else {
            error("server", "is missing; write the Immich server's address", node.position)
        }
        var keyFile: String?
        if let value = node["apiKeyFile"] {
            if let text = value.string, !text.isEmpty {
                keyFile = text
            } else {
                error("apiKeyFile", "must be the path of a file holding the API key", value.position)
            }
        } else {
            error("apiKeyFile", "is missing; write the path of a file holding an API key", node.position)
        }
        var source = ImmichSource(server: server ?? "", apiKeyFile: keyFile ?? "")
        source.caFile = node["caFile"]?.string ?? caFile
        for key in ["album", "person"] {
            guard let value = node[key] else { continue }
            if let text = value.string, !text.isEmpty {
                if key == "album" { source.album = text } else { source.person = text }
            } else {
                error(key, "must be a name or an id", value.position)
            }
        }
        for key in ["favorites", "memories"] {
            guard let value = node[key] else { continue }
            if let flag = value.bool {
                if key == "favorites" { source.favorites = flag } else { source.memories = flag }
            } else {
                error(key, "must be true or false", value.position)
            }
        }
        let chosen = [source.album != nil, source.favorites, source.person != nil, source.memories].filter { $0 }.count
        if chosen != 1 {
            diagnostics.append(
                Diagnostic(
                    .error, here,
                    "needs exactly one of \"album\", \"favorites\": true, \"person\" or \"memories\": true",
                    at: node.position))
        }
        return (diagnostics.errors.isEmpty ? .immich(source) : nil, diagnostics)
    }

    /// A command-line SOURCE that is an address: an image (by its extension) or else a feed.
    public static func commandLineSource(_ argument: String) -> NetworkSource? {
        guard NetworkAddress.isHTTP(argument) else { return nil }
        let path = NetworkAddress.redacted(argument).lowercased()
        let images = [
            ".jpg", ".jpeg", ".png", ".gif", ".webp", ".bmp", ".tif", ".tiff", ".heic", ".heif", ".avif", ".jxl",
        ]
        if images.contains(where: { path.hasSuffix($0) }) { return .url(URLSource(url: argument)) }
        return .feed(FeedSource(url: argument))
    }
}
