import Foundation
import VitrineCore

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
