/// A JSON value of the decode worker's messages, written and read without Foundation (the
/// worker maps no Foundation library: its messages are the only JSON it speaks).
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

    /// One line of JSON, the object keys sorted; nil for a number that is not finite.
    func text() -> String? {
        var bytes: [UInt8] = []
        guard write(into: &bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func write(into bytes: inout [UInt8]) -> Bool {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): bytes.append(contentsOf: String(value).utf8)
        case .double(let value):
            guard value.isFinite else { return false }
            // Swift's shortest form that reads back the same ("0.5", "4000.0", "1e-05") is JSON.
            bytes.append(contentsOf: value.description.utf8)
        case .string(let value): Self.writeString(value, into: &bytes)
        case .array(let values):
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                guard value.write(into: &bytes) else { return false }
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let fields):
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.writeString(key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                guard let value = fields[key], value.write(into: &bytes) else { return false }
            }
            bytes.append(UInt8(ascii: "}"))
        }
        return true
    }

    /// A string with its quote, backslash and control characters escaped: never a raw newline,
    /// which ends a message on the worker's channel.
    private static func writeString(_ string: String, into bytes: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: "\\\\".utf8)
            case 0x0A: bytes.append(contentsOf: "\\n".utf8)
            case 0x0D: bytes.append(contentsOf: "\\r".utf8)
            case 0x09: bytes.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
