import Foundation
import VitrineCore
import VitrineHTTP

/// The control API's requests: the token and the route decided from the head, then the body
/// (a command, at most `maximumBody` bytes) answered on a worker.
final class ControlService: HTTPService {
    let intake: CommandIntake
    let board: StateBoard
    let token: [UInt8]?
    let maximumBody: Int

    init(intake: CommandIntake, board: StateBoard, token: [UInt8]?, maximumBody: Int) {
        self.intake = intake
        self.board = board
        self.token = token
        self.maximumBody = maximumBody
    }

    /// Compares the whole header in constant time, so timing says nothing about the token.
    func authorized(_ header: String?) -> Bool {
        guard let token else { return true }
        guard let header, header.hasPrefix("Bearer ") else { return false }
        let given = Array(header.utf8.dropFirst(7))
        var difference = UInt8(given.count == token.count ? 0 : 1)
        for i in 0..<token.count { difference |= token[i] ^ (i < given.count ? given[i] : 0) }
        return difference == 0
    }

    func admit(_ head: HTTPHead) -> HTTPAdmission {
        guard authorized(head.header("authorization")) else {
            var reply = ControlReply.error(
                401, "unauthorized", "send the control token as 'Authorization: Bearer TOKEN'")
            reply.headers.append(("WWW-Authenticate", "Bearer"))
            return .respond(reply)
        }
        let allowed: String
        switch head.path {
        case "/api/state", "/api/frame.jpg": allowed = "GET"
        case "/api/cmd": allowed = "POST"
        default:
            return .respond(
                ControlReply.error(404, "not-found", "no such path; try /api/state, /api/cmd or /api/frame.jpg"))
        }
        guard head.method == allowed || (allowed == "GET" && head.method == "HEAD") else {
            var reply = ControlReply.error(405, "method-not-allowed", "\(head.path) takes \(allowed)")
            reply.headers.append(("Allow", allowed))
            return .respond(reply)
        }
        if let length = head.contentLength, length > (allowed == "POST" ? maximumBody : 0) {
            let bytes = allowed == "POST" ? length : maximumBody + 1
            return .respond(
                ControlReply.json(413, intake.refuseTooLarge(max(bytes, maximumBody + 1), from: "http").json))
        }
        switch head.path {
        case "/api/state":
            return .buffer(limit: 0, seconds: 10) { [board] _ in
                guard let state = board.state else {
                    return ControlReply.error(503, "no-state", "the show has not started yet")
                }
                return ControlReply.json(200, state.json)
            }
        case "/api/frame.jpg":
            return .buffer(limit: 0, seconds: 10) { [board] _ in
                guard let jpeg = board.jpeg else {
                    return ControlReply.error(404, "no-frame", "no picture of the screen yet")
                }
                return HTTPResponse(status: 200, contentType: "image/jpeg", body: Data(jpeg))
            }
        default:
            return .buffer(limit: maximumBody, seconds: 10) { [intake] body in
                let result = intake.submit(Array(body), from: "http")
                let status: Int
                switch result.outcome {
                case .accepted: status = 202
                case .refused(let error): status = error.code == "too-large" ? 413 : 400
                case .busy: status = 503
                }
                return ControlReply.json(status, result.json)
            }
        }
    }
}

/// A reply of the control API: JSON unless told, never cached.
enum ControlReply {
    static func json(_ status: Int, _ json: JSONOutput) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: Data((json.rendered + "\n").utf8))
    }

    static func error(_ status: Int, _ code: String, _ message: String) -> HTTPResponse {
        json(status, .object([("ok", .bool(false)), ("error", .string(code)), ("message", .string(message))]))
    }
}

extension HTTPResponse {
    init(status: Int, contentType: String, body: Data) {
        self.init(
            status: status, headers: [("Content-Type", contentType), ("Cache-Control", "no-store")], body: body)
    }
}
