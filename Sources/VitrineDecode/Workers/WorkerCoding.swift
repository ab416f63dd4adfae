import VitrineBase

/// A message of the worker's protocol, as a JSON value and back. The fields have the names of
/// the types' properties; a nil field is left out.
protocol WorkerMessage {
    init(json: WorkerJSON) throws(WorkerJSON.Problem)
    var json: WorkerJSON { get }
}

/// One-line JSON encoding of the messages (WorkerJSON: the decode worker links no Foundation).
enum WorkerCoding {
    static func encode<T: WorkerMessage>(_ value: T) -> String? {
        value.json.text()
    }

    static func decode<T: WorkerMessage>(_ type: T.Type, from line: String) -> T? {
        try? decoding(type, from: line)
    }

    /// The message, or why it was refused.
    static func decoding<T: WorkerMessage>(_ type: T.Type, from line: String) throws(WorkerJSON.Problem) -> T {
        try T(json: WorkerJSONParser.parse(line))
    }
}

/// The fields of a JSON object, read by type: a missing required field, or one of the wrong
/// type, is refused; an optional one may be missing or null. Unknown fields are ignored.
struct WorkerFields {
    let fields: [String: WorkerJSON]

    init(_ json: WorkerJSON, _ what: String) throws(WorkerJSON.Problem) {
        guard case .object(let fields) = json else { throw WorkerJSON.Problem("\(what) is not an object") }
        self.fields = fields
    }

    func value(_ key: String) throws(WorkerJSON.Problem) -> WorkerJSON {
        guard let value = optional(key) else { throw WorkerJSON.Problem("the field \(key) is missing") }
        return value
    }

    func optional(_ key: String) -> WorkerJSON? {
        guard let value = fields[key], value != .null else { return nil }
        return value
    }

    func bool(_ key: String) throws(WorkerJSON.Problem) -> Bool {
        guard case .bool(let value) = try value(key) else { throw wrong(key, "true or false") }
        return value
    }

    func optionalBool(_ key: String) throws(WorkerJSON.Problem) -> Bool? {
        guard optional(key) != nil else { return nil }
        return try bool(key)
    }

    func int(_ key: String) throws(WorkerJSON.Problem) -> Int {
        guard case .int(let value) = try value(key) else { throw wrong(key, "an integer") }
        return value
    }

    func optionalInt(_ key: String) throws(WorkerJSON.Problem) -> Int? {
        guard optional(key) != nil else { return nil }
        return try int(key)
    }

    /// A number: an integer reads as a `Double` too.
    func double(_ key: String) throws(WorkerJSON.Problem) -> Double {
        switch try value(key) {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: throw wrong(key, "a number")
        }
    }

    func optionalDouble(_ key: String) throws(WorkerJSON.Problem) -> Double? {
        guard optional(key) != nil else { return nil }
        return try double(key)
    }

    func string(_ key: String) throws(WorkerJSON.Problem) -> String {
        guard case .string(let value) = try value(key) else { throw wrong(key, "a string") }
        return value
    }

    func optionalString(_ key: String) throws(WorkerJSON.Problem) -> String? {
        guard optional(key) != nil else { return nil }
        return try string(key)
    }

    func byte(_ key: String) throws(WorkerJSON.Problem) -> UInt8 {
        guard let value = UInt8(exactly: try int(key)) else { throw wrong(key, "an integer from 0 to 255") }
        return value
    }

    private func wrong(_ key: String, _ expected: String) -> WorkerJSON.Problem {
        WorkerJSON.Problem("the field \(key) is not \(expected)")
    }
}

extension Optional where Wrapped == String {
    var json: WorkerJSON? { map(WorkerJSON.string) }
}

extension Optional where Wrapped == Double {
    var json: WorkerJSON? { map(WorkerJSON.double) }
}

extension Optional where Wrapped == Int {
    var json: WorkerJSON? { map(WorkerJSON.int) }
}

extension Optional where Wrapped == Bool {
    var json: WorkerJSON? { map(WorkerJSON.bool) }
}
