import Foundation
import Synchronization

/// The scheme, host and port of an address: credentials go only where all three are the request's own
/// (an upgrade from http to https on the same host and default ports counts as the same).
struct RequestOrigin: Equatable {
    var scheme: String
    var host: String
    var port: Int

    init?(_ url: String) {
        guard let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased() else { return nil }
        self.scheme = scheme
        host = (parsed.host ?? "").lowercased()
        port = parsed.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
    }

    var isWeb: Bool { (scheme == "http" || scheme == "https") && !host.isEmpty }

    static func == (a: RequestOrigin, b: RequestOrigin) -> Bool {
        guard a.host == b.host else { return false }
        if a.scheme == b.scheme { return a.port == b.port }
        return a.scheme == "http" && a.port == 80 && b.scheme == "https" && b.port == 443
    }
}
