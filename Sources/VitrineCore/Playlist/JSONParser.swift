/// A JSON syntax error with the line and column where it was found.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var position: TextPosition
    public var message: String

    public init(_ message: String, at position: TextPosition) {
        self.message = message
        self.position = position
    }

    public var description: String { "\(position): \(message)" }
}

/// A small strict JSON parser (RFC 8259) that records where every value was
/// written. Foundation's parser gives no line and column, and a user editing a
/// playlist on a kiosk needs both. Nesting is limited so that hostile input
/// cannot exhaust the stack.
public struct JSONParser {
    /// The deepest nesting of lists and objects accepted.
    public static let maximumDepth = 128

    private let scalars: [Unicode.Scalar]
    private var offset = 0
    private var line = 1
    private var column = 1
    private var depth = 0

    private init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// Parses one JSON document (surrounding white space allowed).
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(text)
        parser.skipSpace()
        guard parser.peek != nil else {
            throw JSONSyntaxError("the file is empty; expected a JSON object", at: parser.here)
        }
        let node = try parser.parseValue()
        parser.skipSpace()
        if parser.peek != nil {
            throw JSONSyntaxError("unexpected \(parser.describePeek) after the end of the document", at: parser.here)
        }
        return node
    }

    private var here: TextPosition { TextPosition(line: line, column: column) }
    private var peek: Unicode.Scalar? { offset < scalars.count ? scalars[offset] : nil }

    private var describePeek: String {
        guard let c = peek else { return "end of file" }
        switch c {
        case "\n": return "end of line"
        case "\t": return "tab"
        default: return "'\(Character(c))'"
        }
    }

    private mutating func advance() {
        guard let c = peek else { return }
        offset += 1
        if c == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }

    private mutating func skipSpace() {
        while let c = peek, c == " " || c == "\t" || c == "\n" || c == "\r" { advance() }
    }

    private mutating func expect(_ c: Unicode.Scalar, _ message: String) throws(JSONSyntaxError) {
        guard peek == c else { throw JSONSyntaxError("\(message), found \(describePeek)", at: here) }
        advance()
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let start = here
        guard let c = peek else { throw JSONSyntaxError("expected a value, found end of file", at: here) }
        switch c {
        case "{": return try parseObject()
        case "[": return try parseArray()
        case "\"": return JSONNode(.string(try parseString()), at: start)
        case "-", "0"..."9": return JSONNode(.number(try parseNumber()), at: start)
        case "t": return JSONNode(.bool(true), at: try parseWord("true", start))
        case "f": return JSONNode(.bool(false), at: try parseWord("false", start))
        case "n": return JSONNode(.null, at: try parseWord("null", start))
        case "'": throw JSONSyntaxError("strings take double quotes (\"), not single quotes", at: start)
        default: throw JSONSyntaxError("expected a value, found \(describePeek)", at: start)
        }
    }

    private mutating func parseWord(_ word: String, _ start: TextPosition) throws(JSONSyntaxError) -> TextPosition {
        for expected in word.unicodeScalars {
            guard peek == expected else {
                throw JSONSyntaxError(
                    "expected a value (a string in double quotes, a number, true, false or null)", at: start)
            }
            advance()
        }
        return start
    }

    private mutating func enter(_ start: TextPosition) throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw JSONSyntaxError("nested more than \(Self.maximumDepth) levels deep", at: start)
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONNode {
        let start = here
        try enter(start)
        defer { depth -= 1 }
        advance()
        var members: [JSONMember] = []
        skipSpace()
        if peek == "}" {
            advance()
            return JSONNode(.object([]), at: start)
        }
        while true {
            skipSpace()
            let keyPosition = here
            guard peek == "\"" else {
                if peek == "}" { throw JSONSyntaxError("trailing comma before '}'", at: here) }
                throw JSONSyntaxError("expected a field name in double quotes, found \(describePeek)", at: here)
            }
            let key = try parseString()
            skipSpace()
            try expect(":", "expected ':' after the field name \"\(key)\"")
            skipSpace()
            let value = try parseValue()
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            skipSpace()
            if peek == "," {
                advance()
                continue
            }
            try expect("}", "expected ',' or '}' after a field")
            return JSONNode(.object(members), at: start)
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONNode {
        let start = here
        try enter(start)
        defer { depth -= 1 }
        advance()
        var elements: [JSONNode] = []
        skipSpace()
        if peek == "]" {
            advance()
            return JSONNode(.array([]), at: start)
        }
        while true {
            skipSpace()
            if peek == "]" { throw JSONSyntaxError("trailing comma before ']'", at: here) }
            elements.append(try parseValue())
            skipSpace()
            if peek == "," {
                advance()
                continue
            }
            try expect("]", "expected ',' or ']' after a list element")
            return JSONNode(.array(elements), at: start)
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = here
        advance()
        var out = String.UnicodeScalarView()
        while true {
            guard let c = peek else { throw JSONSyntaxError("unterminated string", at: start) }
            switch c {
            case "\"":
                advance()
                return String(out)
            case "\\":
                let escapeAt = here
                advance()
                guard let e = peek else { throw JSONSyntaxError("unterminated string", at: start) }
                advance()
                switch e {
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                case "/": out.append("/")
                case "b": out.append("\u{08}")
                case "f": out.append("\u{0C}")
                case "n": out.append("\n")
                case "r": out.append("\r")
                case "t": out.append("\t")
                case "u": out.append(try parseUnicodeEscape(escapeAt))
                default: throw JSONSyntaxError("invalid escape '\\\(Character(e))' in a string", at: escapeAt)
                }
            default:
                if c.value < 0x20 {
                    let what = c == "\n" ? "a line break" : "a control character"
                    throw JSONSyntaxError("\(what) inside a string (unterminated string?)", at: here)
                }
                out.append(c)
                advance()
            }
        }
    }

    private mutating func parseHex4(_ at: TextPosition) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let c = peek, let digit = Character(c).hexDigitValue else {
                throw JSONSyntaxError("invalid \\u escape: expected 4 hex digits", at: at)
            }
            value = value * 16 + UInt32(digit)
            advance()
        }
        return value
    }

    private mutating func parseUnicodeEscape(_ at: TextPosition) throws(JSONSyntaxError) -> Unicode.Scalar {
        let first = try parseHex4(at)
        if (0xD800...0xDBFF).contains(first) {
            // A surrogate pair written as two escapes.
            guard peek == "\\" else { throw JSONSyntaxError("invalid \\u escape: lone surrogate", at: at) }
            advance()
            guard peek == "u" else { throw JSONSyntaxError("invalid \\u escape: lone surrogate", at: at) }
            advance()
            let second = try parseHex4(at)
            guard (0xDC00...0xDFFF).contains(second),
                let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            else { throw JSONSyntaxError("invalid \\u escape: lone surrogate", at: at) }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else {
            throw JSONSyntaxError("invalid \\u escape: lone surrogate", at: at)
        }
        return scalar
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = here
        var text = ""
        func digits(_ parser: inout JSONParser, _ text: inout String) -> Int {
            var n = 0
            while let c = parser.peek, ("0"..."9").contains(c) {
                text.unicodeScalars.append(c)
                parser.advance()
                n += 1
            }
            return n
        }
        if peek == "-" {
            text += "-"
            advance()
        }
        let leadingZero = peek == "0"
        let intDigits = digits(&self, &text)
        let bad = JSONSyntaxError("invalid number", at: start)
        guard intDigits > 0 else { throw bad }
        if leadingZero, intDigits > 1 { throw JSONSyntaxError("invalid number: no leading zeros", at: start) }
        if peek == "." {
            text += "."
            advance()
            guard digits(&self, &text) > 0 else { throw bad }
        }
        if peek == "e" || peek == "E" {
            text += "e"
            advance()
            if let c = peek, c == "+" || c == "-" {
                text.unicodeScalars.append(c)
                advance()
            }
            guard digits(&self, &text) > 0 else { throw bad }
        }
        guard let value = Double(text), value.isFinite else {
            throw JSONSyntaxError("number out of range", at: start)
        }
        return value
    }
}
