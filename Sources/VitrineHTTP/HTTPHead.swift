import Foundation
import VitrineCore

/// A request's head as it arrives, before any byte of its body is read.
public struct HTTPHead: Sendable {
    /// `GET`, `POST`, … in capitals.
    public var method: String
    /// The path without the query, percent-decoded, such as `/photos`.
    public var path: String
    /// The decoded query parameters (the last one wins for a repeated name).
    public var query: [String: String]
    /// Header fields with lower-case names (the last one wins for a repeated name).
    public var headers: [String: String]
    /// The client's address, for limits (never logged with secrets).
    public var client: String
    /// Whether it came over TLS.
    public var tls: Bool

    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        client: String = "127.0.0.1", tls: Bool = false
    ) {
        self.method = method.uppercased()
        self.path = path
        self.query = query
        var lower: [String: String] = [:]
        for (name, value) in headers { lower[name.lowercased()] = value }
        self.headers = lower
        self.client = client
        self.tls = tls
    }

    /// The value of a header, by any spelling of its name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The announced body length; nil when none was announced (or chunked).
    public var contentLength: Int? { header("content-length").flatMap { Int($0) } }
}
