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
