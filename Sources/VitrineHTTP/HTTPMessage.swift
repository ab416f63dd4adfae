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

/// One answer: status, headers in the order they are sent (a name may repeat), body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// `{"error": message}` as JSON; what the server itself answers with.
    public static func plainError(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [
                ("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store"),
                ("X-Content-Type-Options", "nosniff"),
            ],
            body: Data((JSONOutput.object([("error", .string(message))]).rendered + "\n").utf8))
    }
}

/// Where a body goes as it arrives, for a request allowed to send one that is not kept in
/// memory (an upload streamed into files). Called on one server thread at a time.
public protocol HTTPBodySink: AnyObject, Sendable {
    /// Takes the next piece; an answer refuses the rest of the body (the connection closes).
    func write(_ bytes: UnsafeRawBufferPointer) -> HTTPResponse?
    /// The body ended whole: make the answer (on a worker thread).
    func finish() -> HTTPResponse
    /// The request ended without `finish` (refused, timed out, the client went away).
    func abandon()
}

/// What a service decides from a request's head alone, before any body byte is read.
public enum HTTPAdmission: Sendable {
    /// Answer now; the body (if any) is never read and the connection is closed after.
    case respond(HTTPResponse)
    /// Read at most `limit` bytes of body into memory within `seconds` (413 past the limit,
    /// the connection closed past the time), then `answer` on a worker thread.
    case buffer(limit: Int, seconds: Double, answer: @Sendable (Data) -> HTTPResponse)
    /// The same, but `answer` is made at once on the event thread that read the body, not queued
    /// for a worker: for a small answer that costs next to nothing and must not wait behind
    /// others (a command to the show, whose effect a person watches for).
    case quick(limit: Int, seconds: Double, answer: @Sendable (Data) -> HTTPResponse)
    /// Hand the body to `sink` as it arrives, within `seconds`.
    case stream(any HTTPBodySink, seconds: Double)
    /// Answer with a stream of server-sent events (a request without a body): `open` is
    /// called once with the stream, after its head is queued; past the server's limits on
    /// streams the answer is a 503 instead and `open` is never called.
    case events(headers: [(name: String, value: String)], open: @Sendable (HTTPEventStream) -> Void)
}

/// A request handler for `HTTPServer`: decides from the head, answers after the body.
public protocol HTTPService: Sendable {
    func admit(_ head: HTTPHead) -> HTTPAdmission
}
