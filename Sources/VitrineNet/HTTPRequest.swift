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
