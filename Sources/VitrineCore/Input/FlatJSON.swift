/// A parser for one flat JSON object (`{"key": value, …}` whose values are
/// numbers, strings, booleans or null), all an input trace line needs.
/// Written out rather than using JSONSerialization, which cannot tell `1` from `true`.
enum FlatJSON {
    enum Value: Equatable {
        case number(Double)
        case string(String)
        case bool(Bool)
        case null
    }

    struct Failure: Error {
        var reason: String
    }

    static func object(_ text: String) throws(Failure) -> [String: Value] {
        var reader = Reader(scalars: Array(text.unicodeScalars))
        return try reader.object()
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var i = 0

        mutating func object() throws(Failure) -> [String: Value] {
            skipSpace()
            try expect("{")
            var fields: [String: Value] = [:]
            skipSpace()
            if peek == "}" {
                i += 1
            } else {
                while true {
                    skipSpace()
                    let key = try string()
                    skipSpace()
                    try expect(":")
                    skipSpace()
                    guard fields[key] == nil else { throw Failure(reason: "\"\(key)\" appears twice") }
                    fields[key] = try value()
                    skipSpace()
                    if peek == "," {
                        i += 1
                        continue
                    }
                    try expect("}")
                    break
                }
            }
            skipSpace()
            guard i == scalars.count else { throw Failure(reason: "text after the object") }
            return fields
        }

        var peek: Unicode.Scalar? { i < scalars.count ? scalars[i] : nil }

        mutating func skipSpace() {
            while let c = peek, c == " " || c == "\t" || c == "\r" || c == "\n" { i += 1 }
        }

        mutating func expect(_ c: Unicode.Scalar) throws(Failure) {
            guard peek == c else { throw Failure(reason: "expected '\(c)'") }
            i += 1
        }

        mutating func value() throws(Failure) -> Value {
            switch peek {
            case "\"": return .string(try string())
            case "t": return try word("true", .bool(true))
            case "f": return try word("false", .bool(false))
            case "n": return try word("null", .null)
            case "{", "[": throw Failure(reason: "nested objects and arrays are not expected")
            default: return .number(try number())
            }
        }

        mutating func word(_ text: String, _ v: Value) throws(Failure) -> Value {
            for c in text.unicodeScalars { try expect(c) }
            return v
        }

        mutating func number() throws(Failure) -> Double {
            let start = i
            while let c = peek, "+-0123456789.eE".unicodeScalars.contains(c) { i += 1 }
            let text = String(String.UnicodeScalarView(scalars[start..<i]))
            guard !text.isEmpty, let n = Double(text), n.isFinite else { throw Failure(reason: "expected a value") }
            return n
        }

        mutating func string() throws(Failure) -> String {
            try expect("\"")
            var out = String.UnicodeScalarView()
            while let c = peek {
                i += 1
                switch c {
                case "\"":
                    return String(out)
                case "\\":
                    guard let e = peek else { break }
                    i += 1
                    switch e {
                    case "n": out.append("\n")
                    case "t": out.append("\t")
                    case "r": out.append("\r")
                    case "b": out.append("\u{8}")
                    case "f": out.append("\u{C}")
                    case "u":
                        guard i + 4 <= scalars.count,
                            let code = UInt32(String(String.UnicodeScalarView(scalars[i..<i + 4])), radix: 16),
                            let scalar = Unicode.Scalar(code)
                        else { throw Failure(reason: "bad \\u escape") }
                        i += 4
                        out.append(scalar)
                    default: out.append(e)
                    }
                default:
                    out.append(c)
                }
            }
            throw Failure(reason: "unterminated string")
        }
    }
}
