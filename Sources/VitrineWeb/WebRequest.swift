import Foundation
import VitrineHTTP

/// One HTTP request as plain values: the server's `HTTPHead` (method, path, query, headers, client,
/// read through it as `request.method` …) with the cookies and the body it was allowed to send
/// (see `AdminSite.admit`).
@dynamicMemberLookup
public struct WebRequest: Sendable {
    public var head: HTTPHead
    /// The cookies of the `Cookie` header.
    public var cookies: [String: String]
    public var body: Data

    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        cookies: [String: String]? = nil, body: Data = Data(), client: String = "127.0.0.1"
    ) {
        self.init(
            HTTPHead(method: method, path: path, query: query, headers: headers, client: client), cookies: cookies,
            body: body)
    }

    /// A request of `head` with its body (cookies read from its `Cookie` header unless given).
    init(_ head: HTTPHead, cookies: [String: String]? = nil, body: Data) {
        self.head = head
        self.cookies = cookies ?? Self.parseCookies(head.headers["cookie"] ?? "")
        self.body = body
    }

    public subscript<Value>(dynamicMember field: WritableKeyPath<HTTPHead, Value>) -> Value {
        get { head[keyPath: field] }
        set { head[keyPath: field] = newValue }
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

    /// The value of a header, by any spelling of its name.
    public func header(_ name: String) -> String? { head.header(name) }

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
