import Foundation
import VitrineCore
import VitrineHTTP

/// One HTTP response as plain values, for any server to send: the HTTP layer's own.
public typealias WebResponse = HTTPResponse

extension HTTPResponse {
    /// The first value of a header, by any spelling of its name.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body as UTF-8 text, for tests and logs.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// Bytes of `type`.
    public static func bytes(_ body: Data, type: String, status: Int = 200) -> WebResponse {
        WebResponse(
            status: status, headers: [("Content-Type", type), ("Cache-Control", "no-store")] + securityHeaders,
            body: body)
    }

    /// A JSON value.
    public static func json(_ value: JSONOutput, status: Int = 200) -> WebResponse {
        bytes(Data(value.rendered.utf8), type: "application/json; charset=utf-8", status: status)
    }

    /// `{"error": message}` with a status.
    public static func error(_ status: Int, _ message: String) -> WebResponse {
        json(.object([("error", .string(message))]), status: status)
    }

    /// A redirect after a form or to a page that must come first.
    public static func redirect(_ location: String) -> WebResponse {
        WebResponse(status: 303, headers: [("Location", location), ("Cache-Control", "no-store")] + securityHeaders)
    }

    /// Headers every answer carries: nothing from elsewhere, no framing, no sniffing.
    static let securityHeaders: [(name: String, value: String)] = [
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        (
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; "
                + "frame-ancestors 'none'; form-action 'self'"
        ),
    ]

    /// The reason phrase of a status, for servers that want one.
    public static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 303: return "See Other"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 409: return "Conflict"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        default: return "Status \(status)"
        }
    }
}
