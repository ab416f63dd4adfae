import Foundation

/// Input traces: what a user did, one JSON object a line (JSON Lines), times in
/// seconds from the start of the show, x and y normalised 0…1 in output coordinates:
///
///     {"t":1.00,"type":"down","id":1,"x":0.5,"y":0.5}
///     {"t":1.05,"type":"move","id":1,"x":0.52,"y":0.5}
///     {"t":1.10,"type":"up","id":1,"x":0.52,"y":0.5}
///     {"t":2.0,"type":"key","key":"right"}
///     {"t":3.0,"type":"wheel","x":0.5,"y":0.5,"dy":1}
///
/// Blank lines are skipped; anything else that is not such an object is an error naming its line.
public enum InputTrace {
    static let example = #"{"t":1.0,"type":"down","id":1,"x":0.5,"y":0.5}"#

    /// Parses a whole trace; events come back in the order of the lines.
    public static func parse(_ text: String, file: String = "input") throws(InputTraceError) -> [InputEvent] {
        var events: [InputEvent] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            do {
                events.append(try event(fromLine: trimmed))
            } catch {
                throw InputTraceError(file: file, line: n + 1, reason: error.reason)
            }
        }
        return events
    }

    private struct LineError: Error {
        var reason: String
    }

    /// The members of the one JSON object on `line`, by key.
    private static func fields(of line: String) throws(LineError) -> [String: JSONNode.Value] {
        let root: JSONNode
        do {
            root = try JSONParser.parse(line)
        } catch {
            throw LineError(reason: "not a JSON object (\(error.message)); expected a line like \(example)")
        }
        guard let members = root.members else {
            throw LineError(reason: "not a JSON object (found \(root.typeName)); expected a line like \(example)")
        }
        var fields: [String: JSONNode.Value] = [:]
        for member in members {
            guard fields[member.key] == nil else {
                throw LineError(
                    reason: "not a JSON object (\"\(member.key)\" appears twice); expected a line like \(example)")
            }
            fields[member.key] = member.value.value
        }
        return fields
    }

    private static func event(fromLine line: String) throws(LineError) -> InputEvent {
        let object = try fields(of: line)
        func number(_ key: String) throws(LineError) -> Double {
            guard case .number(let n) = object[key] else { throw LineError(reason: "\"\(key)\" must be a number") }
            return n
        }
        func text(_ key: String) -> String? {
            if case .string(let s) = object[key] { return s }
            return nil
        }
        let time = try number("t")
        guard time >= 0 else { throw LineError(reason: "\"t\" must be seconds from the start, 0 or more") }
        guard let type = text("type") else {
            throw LineError(reason: "missing \"type\" (down, move, up, key or wheel)")
        }
        switch type {
        case "down", "move", "up":
            let idValue = try number("id")
            guard idValue == idValue.rounded(), abs(idValue) < 1e9 else {
                throw LineError(reason: "\"id\" must be a whole number")
            }
            let id = Int(idValue)
            let x = try number("x")
            let y = try number("y")
            let kind: InputEvent.Kind =
                type == "down"
                ? .down(id: id, x: x, y: y) : type == "move" ? .move(id: id, x: x, y: y) : .up(id: id, x: x, y: y)
            return InputEvent(time: ShowTime(seconds: time), kind: kind)
        case "key":
            guard let name = text("key"), let key = Key(rawValue: name) else {
                let names = Key.allCases.map(\.rawValue).joined(separator: ", ")
                throw LineError(reason: "\"key\" must be one of \(names)")
            }
            return InputEvent(time: ShowTime(seconds: time), kind: .key(key))
        case "wheel":
            return InputEvent(
                time: ShowTime(seconds: time),
                kind: .wheel(x: try number("x"), y: try number("y"), dy: try number("dy")))
        default:
            throw LineError(reason: "unknown \"type\" \"\(type)\"; expected down, move, up, key or wheel")
        }
    }

    /// One event as a trace line (no newline).
    public static func line(for event: InputEvent) -> String {
        let t: (String, JSONOutput) = ("t", .millionths(event.time.seconds))
        func pointer(_ type: String, _ id: Int, _ x: Double, _ y: Double) -> JSONOutput {
            .object([t, ("type", .string(type)), ("id", .integer(id)), ("x", .millionths(x)), ("y", .millionths(y))])
        }
        let line: JSONOutput
        switch event.kind {
        case .down(let id, let x, let y): line = pointer("down", id, x, y)
        case .move(let id, let x, let y): line = pointer("move", id, x, y)
        case .up(let id, let x, let y): line = pointer("up", id, x, y)
        case .key(let key): line = .object([t, ("type", .string("key")), ("key", .string(key.rawValue))])
        case .wheel(let x, let y, let dy):
            line = .object([
                t, ("type", .string("wheel")), ("x", .millionths(x)), ("y", .millionths(y)), ("dy", .millionths(dy)),
            ])
        }
        return line.rendered
    }
}
