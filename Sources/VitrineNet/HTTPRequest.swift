import Foundation
import Synchronization

/// One HTTP(S) request as the mirror makes it: only http and https, redirects limited,
/// TLS verified, a byte limit enforced while the body arrives.
struct HTTPRequest: Sendable {
    var url: String
    var method = "GET"
    var headers: [String] = []
    /// Header lines that are credentials (an API key): sent to the request's own origin only.
    var secretHeaders: [String] = []
    var body: Data?
    /// Sent to the request's own origin only, never after a redirect to another.
    var credentials: Credentials?
    /// A PEM bundle that replaces the system's trusted authorities (a private CA).
    var caFile: String?
    /// The body is refused past this many bytes, while it arrives.
    var maximumBytes: Int64
    /// Ask for the body from this offset on (a `Range` request), to resume a download.
    var resumeFrom: Int64 = 0
    var timeouts: NetworkTimeouts
    /// Offer gzip, deflate, brotli … and decode what comes (listings; never a `Range` download).
    var decodesContent = false

    init(url: String, maximumBytes: Int64, timeouts: NetworkTimeouts) {
        self.url = url
        self.maximumBytes = maximumBytes
        self.timeouts = timeouts
    }

    static let maximumRedirects = 5

    /// Whether anything of this request is a credential (a password, a key, an `Authorization` line).
    var carriesCredentials: Bool {
        credentials != nil || !secretHeaders.isEmpty || headers.contains(where: Self.isCredentialHeader)
    }

    /// `Name: value` → `name`.
    static func headerName(_ line: String) -> String {
        String(line.prefix { $0 != ":" }).trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Header lines that carry credentials whoever set them.
    static func isCredentialHeader(_ line: String) -> Bool {
        ["authorization", "proxy-authorization", "cookie", "x-api-key"].contains(headerName(line))
    }
}

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

/// Origins (and users) whose server asked for Basic authentication and nothing else: later requests
/// send the credentials at once instead of each being answered 401 first. Process-wide, in memory.
enum AuthMemory {
    private static let basic = Mutex<[String: Bool]>([:])

    static func key(url: String, user: String) -> String {
        guard let origin = RequestOrigin(url) else { return url + "\n" + user }
        return "\(origin.scheme)://\(origin.host):\(origin.port)\n\(user)"
    }

    static func isBasic(_ key: String) -> Bool { basic.withLock { $0[key] ?? false } }

    static func remember(_ key: String, basic isBasic: Bool) { basic.withLock { $0[key] = isBasic } }
}

/// A user name and password read from a file; never logged.
struct Credentials: Sendable, Equatable {
    var user: String
    var password: String
}

/// What came back: the final status and headers (after redirects), or why nothing usable did.
struct HTTPResponse: Sendable {
    var status: Int = 0
    /// Header names in lower case; the last response's only.
    var headers: [String: String] = [:]
    var bytesReceived: Int64 = 0
    var failure: TransferFailure?

    init(status: Int = 0, failure: TransferFailure? = nil) {
        self.status = status
        self.failure = failure
    }

    var succeeded: Bool { failure == nil && (200..<300).contains(status) }
}
