import VitrineBase

/// A JSON value of the decode worker's messages, written and read without Foundation (the
/// worker maps no Foundation library: its messages are the only JSON it speaks). Written by
/// `JSONOutput`, read by `WorkerJSONParser`.
enum WorkerJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number written without a fraction or exponent that fits an `Int`.
    case int(Int)
    /// Any other number; always finite.
    case double(Double)
    case string(String)
    case array([WorkerJSON])
    case object([String: WorkerJSON])

    /// Why a message was refused (malformed JSON, or a field missing or of the wrong type).
    struct Problem: Error, Equatable, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// An object of the fields that have a value: a nil field is left out, as `JSONEncoder` does.
    static func fields(_ pairs: KeyValuePairs<String, WorkerJSON?>) -> WorkerJSON {
        var object: [String: WorkerJSON] = [:]
        for (key, value) in pairs {
            if let value { object[key] = value }
        }
        return .object(object)
    }

    /// One line of JSON, the object keys sorted, written by the project's one JSON writer
    /// (`JSONOutput`, which escapes every control character: never a raw newline, which ends a
    /// message on the worker's channel); nil for a number that is not finite.
    func text() -> String? { output?.rendered }

    /// The value for `JSONOutput`; nil when a number in it is not finite (JSON cannot hold it).
    private var output: JSONOutput? {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .int(let value): return .integer(value)
        case .double(let value): return value.isFinite ? .number(value) : nil
        case .string(let value): return .string(value)
        case .array(let values):
            var elements: [JSONOutput] = []
            for value in values {
                guard let element = value.output else { return nil }
                elements.append(element)
            }
            return .array(elements)
        case .object(let fields):
            var members: [(String, JSONOutput)] = []
            for key in fields.keys.sorted() {
                guard let value = fields[key]?.output else { return nil }
                members.append((key, value))
            }
            return .object(members)
        }
    }
}
