/// The reply to one command: on `<base>/cmd/result` over MQTT, and the body of `POST /api/cmd`.
public struct CommandResult: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        /// Parsed and queued for the frame loop.
        case accepted
        /// Refused; the show did not see it.
        case refused(RemoteCommandError)
        /// Well formed, but the queue was full (a flood); dropped.
        case busy
    }

    public var outcome: Outcome
    /// The command's name when it was understood.
    public var command: String?
    /// The `id` the sender gave, echoed.
    public var id: String?

    public init(_ outcome: Outcome, command: String? = nil, id: String? = nil) {
        self.outcome = outcome
        self.command = command
        self.id = id
    }

    public var ok: Bool { outcome == .accepted }

    /// The error code (`too-large`, `unknown-command`, …, `busy`), nil when accepted.
    public var code: String? {
        switch outcome {
        case .accepted: return nil
        case .refused(let error): return error.code
        case .busy: return "busy"
        }
    }

    /// One line saying what happened.
    public var message: String {
        switch outcome {
        case .accepted: return "accepted"
        case .refused(let error): return error.description
        case .busy: return "too many commands at once; this one was dropped"
        }
    }

    /// `{"ok":true,"command":"next","id":"…","message":"accepted"}` or with `"error"` when refused.
    public var json: JSONOutput {
        var members: [(String, JSONOutput)] = [("ok", .bool(ok))]
        if let code { members.append(("error", .string(code))) }
        members.append(("message", .string(message)))
        if let command { members.append(("command", .string(command))) }
        if let id { members.append(("id", .string(id))) }
        return .object(members)
    }
}
