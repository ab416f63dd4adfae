/// Reads a command payload: a JSON object such as `{"command": "goto", "index": 3}`, the same
/// for MQTT, the HTTP API and `vitrine ctl`. Everything a sender can get wrong is a typed
/// `RemoteCommandError`; nothing here throws anything else or traps.
public enum RemoteCommandParser {
    /// Longer payloads are refused before being looked at.
    public static let maximumBytes = 64 * 1024
    /// The largest slide index accepted.
    public static let maximumIndex = 1_000_000
    /// Limits of the values, so a typo cannot set a year-long interval. Home Assistant's number
    /// and text entities are announced with these same limits (`HomeAssistantDiscovery`).
    public static let intervalRange = 1.0...86_400.0
    public static let noticeSecondsRange = 0.5...86_400.0
    /// Steps of the number entities: whole seconds for the interval, half seconds for notices.
    public static let intervalStep = 1.0
    public static let noticeSecondsStep = 0.5
    /// Characters of a notice: 255 is also the most a Home Assistant text entity can hold.
    public static let maximumNoticeLength = 255
    public static let maximumNameLength = 1024
    /// A playlist's name in a command.
    public static let maximumPlaylistLength = 200
    /// Notice shown this long when `seconds` is left out, until `notice-duration` says otherwise.
    public static let defaultNoticeSeconds: Seconds = 30

    /// Every command name, for messages and help.
    public static let commandNames = [
        "next", "previous", "first", "pause", "resume", "goto", "playlist", "display", "notice", "reload",
        "interval", "transition", "notice-duration",
    ]

    /// Parses a payload as received (bytes, expected UTF-8).
    public static func parse(_ bytes: some Collection<UInt8>) throws(RemoteCommandError) -> RemoteRequest {
        guard bytes.count <= maximumBytes else { throw .tooLarge(bytes: bytes.count) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .malformed("the payload is not UTF-8") }
        return try parse(text)
    }

    /// Parses a payload already known to be text.
    public static func parse(_ text: String) throws(RemoteCommandError) -> RemoteRequest {
        guard text.utf8.count <= maximumBytes else { throw .tooLarge(bytes: text.utf8.count) }
        let node: JSONNode
        do {
            node = try JSONParser.parse(text)
        } catch {
            throw .malformed(error.description)
        }
        guard let members = node.members else { throw .malformed("expected an object, found \(node.typeName)") }
        var fields = Fields(members: members)
        guard let nameNode = fields.take("command") else { throw .missingCommand }
        guard let name = nameNode.string else {
            throw .wrongType(field: "command", expected: "a string", found: nameNode.typeName)
        }
        var id: String?
        if let idNode = fields.take("id") {
            guard let text = idNode.string else {
                throw .wrongType(field: "id", expected: "a string", found: idNode.typeName)
            }
            guard text.count <= 100 else { throw .outOfRange(field: "id", reason: "is longer than 100 characters") }
            id = text
        }
        let command = try command(name, &fields)
        if let extra = fields.remaining.first { throw .unknownField(command: name, field: extra) }
        return RemoteRequest(command, id: id)
    }

    private static func command(_ name: String, _ fields: inout Fields) throws(RemoteCommandError) -> RemoteCommand {
        switch name {
        case "next": return .next
        case "previous": return .previous
        case "first": return .first
        case "pause": return .pause
        case "resume": return .resume
        case "reload": return .reload
        case "goto":
            if let file = try fields.string("file", maximum: maximumNameLength) {
                if fields.has("index") { throw .unknownField(command: name, field: "index") }
                return .goToFile(name: file)
            }
            guard let index = try fields.integer("index", in: 0...maximumIndex) else {
                throw .missingField(command: name, field: "index")
            }
            return .goTo(index: index)
        case "playlist":
            guard let playlist = try fields.string("name", maximum: maximumPlaylistLength) else {
                throw .missingField(command: name, field: "name")
            }
            return .playPlaylist(.init(playlist))
        case "display":
            guard let state = try fields.choice("state", RemoteCommand.DisplayRequest.self) else {
                throw .missingField(command: name, field: "state")
            }
            return .display(state)
        case "notice":
            guard let text = try fields.string("text", maximum: maximumNoticeLength, allowEmpty: true) else {
                throw .missingField(command: name, field: "text")
            }
            return .notice(
                text: text, seconds: try fields.number("seconds", in: noticeSecondsRange).map { Seconds($0) })
        case "notice-duration":
            guard let seconds = try fields.number("seconds", in: noticeSecondsRange) else {
                throw .missingField(command: name, field: "seconds")
            }
            return .setNoticeDuration(seconds: Seconds(seconds))
        case "interval":
            guard let seconds = try fields.number("seconds", in: intervalRange) else {
                throw .missingField(command: name, field: "seconds")
            }
            return .setInterval(seconds: Seconds(seconds))
        case "transition":
            guard let kind = try fields.choice("kind", TransitionKind.self) else {
                throw .missingField(command: name, field: "kind")
            }
            return .setTransition(kind)
        case "hide", "unhide", "favourite":
            guard let file = try fields.string("file", maximum: maximumNameLength) else {
                throw .missingField(command: name, field: "file")
            }
            if name == "hide" { return .hide(name: file) }
            if name == "unhide" { return .unhide(name: file) }
            var on = true
            if let node = fields.take("on") {
                guard let value = node.bool else {
                    throw .wrongType(field: "on", expected: "true or false", found: node.typeName)
                }
                on = value
            }
            return .favourite(name: file, on: on)
        default:
            throw .unknownCommand(name)
        }
    }

    /// At most 60 characters of text from outside, for messages.
    static func clip(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(60)) + "…" : text
    }
}

/// The members of a command object, taken one by one so that what is left is unknown.
private struct Fields {
    var members: [JSONMember]

    var remaining: [String] { members.map(\.key) }

    func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    mutating func take(_ key: String) -> JSONNode? {
        guard let i = members.firstIndex(where: { $0.key == key }) else { return nil }
        return members.remove(at: i).value
    }

    mutating func string(_ key: String, maximum: Int, allowEmpty: Bool = false) throws(RemoteCommandError) -> String? {
        guard let node = take(key) else { return nil }
        guard let text = node.string else { throw .wrongType(field: key, expected: "a string", found: node.typeName) }
        guard allowEmpty || !text.isEmpty else { throw .outOfRange(field: key, reason: "is empty") }
        guard text.count <= maximum else {
            throw .outOfRange(field: key, reason: "is longer than \(maximum) characters")
        }
        guard !text.unicodeScalars.contains("\u{0}") else {
            throw .outOfRange(field: key, reason: "contains a NUL character")
        }
        return text
    }

    mutating func number(_ key: String, in range: ClosedRange<Double>) throws(RemoteCommandError) -> Double? {
        guard let node = take(key) else { return nil }
        guard let value = node.number else {
            throw .wrongType(field: key, expected: "a number of seconds", found: node.typeName)
        }
        guard range.contains(value) else {
            let shown = JSONOutput.numberText(value)
            let low = JSONOutput.numberText(range.lowerBound)
            let high = JSONOutput.numberText(range.upperBound)
            throw .outOfRange(field: key, reason: "\(shown) is outside \(low)…\(high)")
        }
        return value
    }

    mutating func integer(_ key: String, in range: ClosedRange<Int>) throws(RemoteCommandError) -> Int? {
        guard let node = take(key) else { return nil }
        guard let value = node.number else {
            throw .wrongType(field: key, expected: "a whole number", found: node.typeName)
        }
        guard value == value.rounded() else {
            throw .wrongType(field: key, expected: "a whole number", found: "\(JSONOutput.numberText(value))")
        }
        guard value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw .outOfRange(
                field: key, reason: "\(JSONOutput.numberText(value)) is outside \(range.lowerBound)…\(range.upperBound)"
            )
        }
        return Int(value)
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(
        _ key: String, _ type: T.Type
    ) throws(RemoteCommandError) -> T? where T.RawValue == String {
        let names = T.allCases.map(\.rawValue).joined(separator: ", ")
        guard let node = take(key) else { return nil }
        guard let text = node.string else {
            throw .wrongType(field: key, expected: "one of \(names)", found: node.typeName)
        }
        guard let value = T(rawValue: text) else {
            throw .outOfRange(field: key, reason: "\"\(RemoteCommandParser.clip(text))\" is not one of \(names)")
        }
        return value
    }
}
