/// Why a command payload was refused: one line for the log and the reply.
public enum RemoteCommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The payload is longer than `RemoteCommandParser.maximumBytes`.
    case tooLarge(bytes: Int)
    /// Not UTF-8, not JSON, or not a JSON object.
    case malformed(String)
    /// The `command` field is missing.
    case missingCommand
    case unknownCommand(String)
    /// A field the command does not take.
    case unknownField(command: String, field: String)
    case missingField(command: String, field: String)
    /// A field of the wrong JSON type.
    case wrongType(field: String, expected: String, found: String)
    /// A value of the right type outside what is allowed.
    case outOfRange(field: String, reason: String)

    /// A short stable code for replies (`"error": "out-of-range"`).
    public var code: String {
        switch self {
        case .tooLarge: return "too-large"
        case .malformed: return "malformed"
        case .missingCommand: return "missing-command"
        case .unknownCommand: return "unknown-command"
        case .unknownField: return "unknown-field"
        case .missingField: return "missing-field"
        case .wrongType: return "wrong-type"
        case .outOfRange: return "out-of-range"
        }
    }

    public var description: String {
        switch self {
        case .tooLarge(let bytes):
            return "payload of \(bytes) bytes is larger than the \(RemoteCommandParser.maximumBytes) allowed"
        case .malformed(let reason): return "not a JSON command object: \(reason)"
        case .missingCommand: return "no \"command\" field; expected for example {\"command\": \"next\"}"
        case .unknownCommand(let name):
            let names = RemoteCommandParser.commandNames.joined(separator: ", ")
            return "unknown command \"\(RemoteCommandParser.clip(name))\"; known: \(names)"
        case .unknownField(let command, let field):
            return "\(command) takes no field \"\(RemoteCommandParser.clip(field))\""
        case .missingField(let command, let field): return "\(command) needs the field \"\(field)\""
        case .wrongType(let field, let expected, let found): return "\"\(field)\" must be \(expected), not \(found)"
        case .outOfRange(let field, let reason): return "\"\(field)\" \(reason)"
        }
    }
}
