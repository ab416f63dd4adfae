import Foundation
import VitrineHTTP

/// One HTTP request as plain values, with the body it was allowed to send (see `AdminSite.admit`).
public struct WebRequest: Sendable {
    /// `GET`, `POST`, … in capitals.
    public var method: String
    /// The path without the query, such as `/photos`.
    public var path: String
    /// The decoded query parameters (the last one wins for a repeated name).
    public var query: [String: String]
    /// Header fields with lower-case names.
    public var headers: [String: String]
    /// The cookies of the `Cookie` header.
    public var cookies: [String: String]
    public var body: Data
    /// The client's address, for rate limits (never logged with secrets).
    public var client: String

    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        cookies: [String: String]? = nil, body: Data = Data(), client: String = "127.0.0.1"
    ) {
        self.method = method.uppercased()
        self.path = path
        self.query = query
        var lower: [String: String] = [:]
        for (name, value) in headers { lower[name.lowercased()] = value }
        self.headers = lower
        self.cookies = cookies ?? Self.parseCookies(lower["cookie"] ?? "")
        self.body = body
        self.client = client
    }

    /// Splits a target such as `/photos?x=1` into path and query.
    public init(
        method: String, target: String, headers: [String: String] = [:], body: Data = Data(),
        client: String = "127.0.0.1"
    ) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts.first.map { FormFields.percentDecode(String($0)) } ?? "/"
        let query = parts.count > 1 ? FormFields.parse(String(parts[1])) : [:]
        self.init(method: method, path: path, query: query, headers: headers, body: body, client: client)
    }

    /// A request of `head` with its body.
    init(_ head: HTTPHead, cookies: [String: String], body: Data) {
        self.init(
            method: head.method, path: head.path, query: head.query, headers: head.headers, cookies: cookies,
            body: body, client: head.client)
    }

    /// The value of a header, by any spelling of its name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// `a=1; b=2` → ["a": "1", "b": "2"].
    public static func parseCookies(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        for pair in text.split(separator: ";") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            guard kv.count == 2 else { continue }
            out[kv[0].trimmingCharacters(in: .whitespaces)] = kv[1].trimmingCharacters(in: .whitespaces)
        }
        return out
    }

    /// The fields of an `application/x-www-form-urlencoded` body.
    public var formFields: [String: String] {
        FormFields.parse(String(decoding: body, as: UTF8.self))
    }
}
