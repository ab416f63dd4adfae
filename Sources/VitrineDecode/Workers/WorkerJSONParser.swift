/// A strict JSON reader for the worker's messages: the whole text must be one value (RFC 8259,
/// UTF-8), with limits on its length and nesting; anything else is refused with a reason,
/// never a crash. Duplicate keys are refused too.
struct WorkerJSONParser {
    /// The longest message read (bytes): a request or a reply with its EXIF text and face
    /// boxes is a few kilobytes.
    static let maxBytes = 1 << 20
    /// The deepest nesting of arrays and objects (the messages use three levels).
    static let maxDepth = 16

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func parse(_ text: String) throws(WorkerJSON.Problem) -> WorkerJSON {
        guard text.utf8.count <= maxBytes else { throw WorkerJSON.Problem("the message is over \(maxBytes) bytes") }
        var parser = WorkerJSONParser(Array(text.utf8))
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.problem("text after the value") }
        return value
    }

    private func problem(_ what: String) -> WorkerJSON.Problem {
        WorkerJSON.Problem("malformed JSON at byte \(index): \(what)")
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func expect(_ word: String) throws(WorkerJSON.Problem) {
        for byte in word.utf8 {
            guard current == byte else { throw problem("expected \(word)") }
            index += 1
        }
    }

    private mutating func value(depth: Int) throws(WorkerJSON.Problem) -> WorkerJSON {
        guard let byte = current else { throw problem("the text ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw problem("unexpected character")
        }
    }

    private mutating func object(depth: Int) throws(WorkerJSON.Problem) -> WorkerJSON {
        guard depth <= Self.maxDepth else { throw problem("nested deeper than \(Self.maxDepth)") }
        index += 1
        var fields: [String: WorkerJSON] = [:]
        skipSpace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(fields)
        }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else { throw problem("expected a key") }
            let key = try string()
            guard fields[key] == nil else { throw problem("the key \"\(key)\" twice") }
            skipSpace()
            try expect(":")
            skipSpace()
            fields[key] = try value(depth: depth)
            skipSpace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(fields)
            default: throw problem("expected , or }")
            }
        }
    }

    private mutating func array(depth: Int) throws(WorkerJSON.Problem) -> WorkerJSON {
        guard depth <= Self.maxDepth else { throw problem("nested deeper than \(Self.maxDepth)") }
        index += 1
        var values: [WorkerJSON] = []
        skipSpace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(values)
        }
        while true {
            skipSpace()
            values.append(try value(depth: depth))
            skipSpace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(values)
            default: throw problem("expected , or ]")
            }
        }
    }

    private mutating func string() throws(WorkerJSON.Problem) -> String {
        index += 1
        var out: [UInt8] = []
        while true {
            guard let byte = current else { throw problem("the text ends inside a string") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
            case 0..<0x20: throw problem("a control character inside a string")
            case UInt8(ascii: "\\"):
                guard let escaped = current else { throw problem("the text ends inside an escape") }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): out.append(contentsOf: try unicodeEscape())
                default: throw problem("an unknown escape")
                }
            default: out.append(byte)
            }
        }
    }

    /// The character of a `\uXXXX` escape (a surrogate pair takes two), as UTF-8.
    private mutating func unicodeEscape() throws(WorkerJSON.Problem) -> [UInt8] {
        var scalar = try hex4()
        if 0xD800..<0xDC00 ~= scalar {
            try expect("\\u")
            let low = try hex4()
            guard 0xDC00..<0xE000 ~= low else { throw problem("a lone surrogate") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw problem("a lone surrogate") }
        return Array(String(Character(unicode)).utf8)
    }

    private mutating func hex4() throws(WorkerJSON.Problem) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw problem("the text ends inside an escape") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw problem("a bad \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// A number as RFC 8259 spells it: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`.
    private mutating func number() throws(WorkerJSON.Problem) -> WorkerJSON {
        let start = index
        var integral = true
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() > 0 else { throw problem("a number without digits") }
        }
        if current == UInt8(ascii: ".") {
            integral = false
            index += 1
            guard digits() > 0 else { throw problem("a number without digits after its point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            integral = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw problem("a number without digits in its exponent") }
        }
        let lexeme = String(decoding: bytes[start..<index], as: UTF8.self)
        if integral, let value = Int(lexeme) { return .int(value) }
        guard let value = Double(lexeme), value.isFinite else { throw problem("a number out of range") }
        return .double(value)
    }

    private mutating func digits() -> Int {
        let start = index
        while let byte = current, UInt8(ascii: "0")...UInt8(ascii: "9") ~= byte { index += 1 }
        return index - start
    }
}
