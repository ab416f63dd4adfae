import CMicroHTTPD
import Glibc
import VitrineCore

/// What the control API's request handler needs, reached through libmicrohttpd's context pointer.
final class ServerBox: Sendable {
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
}

/// One request's body as it arrives, kept until the request completes.
final class RequestBody {
    var bytes: [UInt8] = []
    var tooLarge = false
}

/// A reply: status, content type and body.
struct ControlReply {
    var status: UInt32
    var contentType = "application/json"
    var body: [UInt8]
    var headers: [(String, String)] = []

    static func json(_ status: UInt32, _ json: JSONOutput) -> ControlReply {
        ControlReply(status: status, body: Array((json.rendered + "\n").utf8))
    }

    static func error(_ status: UInt32, _ code: String, _ message: String) -> ControlReply {
        json(status, .object([("ok", .bool(false)), ("error", .string(code)), ("message", .string(message))]))
    }
}

/// libmicrohttpd's access handler: called once when the headers are in, then for each piece of
/// the body, then once more with no data, when the reply is queued.
let handleRequest: MHD_AccessHandlerCallback = { context, connection, url, method, _, data, dataSize, requestContext in
    guard let context, let connection, let requestContext, let dataSize else { return .NO }
    let box = Unmanaged<ServerBox>.fromOpaque(context).takeUnretainedValue()
    let path = url.map { String(cString: $0) } ?? "/"
    let verb = method.map { String(cString: $0) } ?? ""

    guard let stored = requestContext.pointee else {
        // Headers only: refuse what needs no body to refuse, before any body is read.
        if let early = earlyReply(box, connection, path, verb) { return send(connection, early) }
        requestContext.pointee = Unmanaged.passRetained(RequestBody()).toOpaque()
        return .YES
    }
    let body = Unmanaged<RequestBody>.fromOpaque(stored).takeUnretainedValue()
    if dataSize.pointee > 0 {
        if !body.tooLarge, let data {
            if body.bytes.count + dataSize.pointee > box.maximumBody {
                body.tooLarge = true
                body.bytes = []
            } else {
                data.withMemoryRebound(to: UInt8.self, capacity: dataSize.pointee) {
                    body.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: dataSize.pointee))
                }
            }
        }
        dataSize.pointee = 0
        return .YES
    }
    return send(connection, reply(box, path, verb, body))
}

/// Frees a request's body when libmicrohttpd is done with the request, however it ended.
let requestCompleted: MHD_RequestCompletedCallback = { _, _, requestContext, _ in
    guard let requestContext, let stored = requestContext.pointee else { return }
    Unmanaged<RequestBody>.fromOpaque(stored).release()
    requestContext.pointee = nil
}

private func header(_ connection: OpaquePointer, _ name: String) -> String? {
    MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
}

private func earlyReply(_ box: ServerBox, _ connection: OpaquePointer, _ path: String, _ verb: String) -> ControlReply?
{
    guard box.authorized(header(connection, "Authorization")) else {
        var reply = ControlReply.error(401, "unauthorized", "send the control token as 'Authorization: Bearer TOKEN'")
        reply.headers.append(("WWW-Authenticate", "Bearer"))
        return reply
    }
    let allowed: String
    switch path {
    case "/api/state", "/api/frame.jpg": allowed = "GET"
    case "/api/cmd": allowed = "POST"
    default: return .error(404, "not-found", "no such path; try /api/state, /api/cmd or /api/frame.jpg")
    }
    guard verb == allowed || (allowed == "GET" && verb == "HEAD") else {
        var reply = ControlReply.error(405, "method-not-allowed", "\(path) takes \(allowed)")
        reply.headers.append(("Allow", allowed))
        return reply
    }
    if let length = header(connection, "Content-Length").flatMap({ Int($0) }), length > box.maximumBody {
        return .error(413, "too-large", RemoteCommandError.tooLarge(bytes: length).description)
    }
    return nil
}

private func reply(_ box: ServerBox, _ path: String, _ verb: String, _ body: RequestBody) -> ControlReply {
    switch path {
    case "/api/state":
        guard let state = box.board.state else { return .error(503, "no-state", "the show has not started yet") }
        return .json(200, state.json)
    case "/api/frame.jpg":
        guard let jpeg = box.board.jpeg else { return .error(404, "no-frame", "no picture of the screen yet") }
        return ControlReply(status: 200, contentType: "image/jpeg", body: jpeg)
    default:
        let result =
            body.tooLarge
            ? box.intake.refuseTooLarge(box.maximumBody + 1, from: "http") : box.intake.submit(body.bytes, from: "http")
        let status: UInt32
        switch result.outcome {
        case .accepted: status = 202
        case .refused(let error): status = error.code == "too-large" ? 413 : 400
        case .busy: status = 503
        }
        return .json(status, result.json)
    }
}

private func send(_ connection: OpaquePointer, _ reply: ControlReply) -> MHD_Result {
    let response = reply.body.withUnsafeBytes { bytes in
        MHD_create_response_from_buffer(
            bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }
    guard let response else { return .NO }
    defer { MHD_destroy_response(response) }
    MHD_add_response_header(response, "Content-Type", reply.contentType)
    MHD_add_response_header(response, "Cache-Control", "no-store")
    for (name, value) in reply.headers { MHD_add_response_header(response, name, value) }
    return MHD_queue_response(connection, reply.status, response)
}
