import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A `multipart/form-data` body read in pieces as they arrive, with every limit checked while
/// reading: a part past its limit stops the parse at once, before the rest is read.
public struct MultipartParser {
    /// One field or file of the form.
    public struct Part: Equatable, Sendable {
        public var name: String
        /// The file name as the browser sent it (not yet checked); nil for a plain field.
        public var filename: String?
        public var contentType: String?
        public var body: Data
    }

    /// The most the parser accepts.
    public struct Limits: Sendable {
        public var fileBytes: Int
        public var totalBytes: Int
        public var fieldBytes: Int
        public var parts: Int
        public var headerBytes: Int

        public init(
            fileBytes: Int, totalBytes: Int, fieldBytes: Int = 64 << 10, parts: Int = 64, headerBytes: Int = 8 << 10
        ) {
            self.fileBytes = fileBytes
            self.totalBytes = totalBytes
            self.fieldBytes = fieldBytes
            self.parts = parts
            self.headerBytes = headerBytes
        }
    }

    /// Why a body was refused: an HTTP status and one line for the person.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var status: Int
        public var message: String
        public var description: String { message }
    }

    private enum Stage {
        case preamble
        case afterBoundary
        case headers
        case body(name: String, filename: String?, type: String?)
        case done
    }

    public let limits: Limits
    private let delimiter: [UInt8]
    private var buffer: [UInt8] = []
    private var stage = Stage.preamble
    private var total = 0
    /// Bytes of the current part already handed to `files`.
    private var streamed = 0
    /// How far the current part's body has been searched for the delimiter already.
    private var searched = 0
    /// The parts read whole so far.
    public private(set) var parts: [Part] = []
    /// Where file parts go as they arrive, when they are not to be kept in memory.
    private let files: (any MultipartFileSink)?

    /// The boundary of a `Content-Type: multipart/form-data; boundary=…` header; nil when it has none.
    public static func boundary(contentType: String) -> String? {
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard pieces.first?.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() where piece.lowercased().hasPrefix("boundary=") {
            var value = String(piece.dropFirst("boundary=".count))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            guard (1...70).contains(value.utf8.count) else { return nil }
            return value
        }
        return nil
    }

    /// A parser that keeps every part in memory, or hands file parts to `files` as they arrive
    /// (their `body` then stays empty); at most a delimiter's length more than a piece is held.
    public init(boundary: String, limits: Limits, files: (any MultipartFileSink)? = nil) {
        self.limits = limits
        self.files = files
        delimiter = Array("--\(boundary)".utf8)
    }

    /// Reads the next piece of the body.
    public mutating func feed(_ bytes: Data) throws(Failure) {
        try count(bytes.count)
        buffer.append(contentsOf: bytes)
        try advance()
    }

    /// Reads the next piece of the body.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        try count(bytes.count)
        buffer.append(contentsOf: bytes)
        try advance()
    }

    private mutating func count(_ bytes: Int) throws(Failure) {
        total += bytes
        guard total <= limits.totalBytes else {
            throw Failure(status: 413, message: "the upload is larger than \(Self.megabytes(limits.totalBytes)) in all")
        }
    }

    /// Hands the first `count` bytes of the buffer to `files`.
    private func hand(_ files: any MultipartFileSink, _ count: Int) throws(Failure) {
        let failure: Failure? = buffer.withUnsafeBytes { raw -> Failure? in
            do throws(Failure) {
                try files.writeFile(UnsafeRawBufferPointer(rebasing: raw[..<count]))
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Says the body ended; throws when it ended inside a part.
    public mutating func finish() throws(Failure) -> [Part] {
        guard case .done = stage else { throw Failure(status: 400, message: "the upload ended before its last part") }
        return parts
    }

    private mutating func advance() throws(Failure) {
        while true {
            switch stage {
            case .preamble:
                guard let at = find(delimiter, from: 0) else {
                    if buffer.count > limits.headerBytes { throw Failure(status: 400, message: "not a form upload") }
                    return
                }
                buffer.removeFirst(at + delimiter.count)
                stage = .afterBoundary
            case .afterBoundary:
                guard buffer.count >= 2 else { return }
                if buffer[0] == UInt8(ascii: "-"), buffer[1] == UInt8(ascii: "-") {
                    stage = .done
                    buffer.removeAll()
                    return
                }
                guard buffer[0] == 13, buffer[1] == 10 else {
                    throw Failure(status: 400, message: "a malformed form upload")
                }
                buffer.removeFirst(2)
                stage = .headers
            case .headers:
                guard let end = find([13, 10, 13, 10], from: 0) else {
                    if buffer.count > limits.headerBytes {
                        throw Failure(status: 400, message: "a form part's header is too long")
                    }
                    return
                }
                guard parts.count < limits.parts else {
                    throw Failure(status: 413, message: "at most \(limits.parts) files at once")
                }
                let text = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                let (name, filename, type) = try Self.describe(headers: text)
                stage = .body(name: name, filename: filename, type: type)
                streamed = 0
                if let filename, let files { try files.beginFile(field: name, filename: filename) }
            case .body(let name, let filename, let type):
                let limit = filename == nil ? limits.fieldBytes : limits.fileBytes
                let needle = [13, 10] + delimiter
                guard let end = find(needle, from: searched) else {
                    // What is buffered beyond a possible split delimiter is body already.
                    if streamed + buffer.count - needle.count > limit { throw tooBig(filename, limit) }
                    searched = max(0, buffer.count - needle.count + 1)
                    if filename != nil, let files, searched > 0 {
                        try hand(files, searched)
                        streamed += searched
                        buffer.removeFirst(searched)
                        searched = 0
                    }
                    return
                }
                searched = 0
                guard streamed + end <= limit else { throw tooBig(filename, limit) }
                if filename != nil, let files {
                    try hand(files, end)
                    try files.endFile()
                    parts.append(Part(name: name, filename: filename, contentType: type, body: Data()))
                } else {
                    parts.append(Part(name: name, filename: filename, contentType: type, body: Data(buffer[..<end])))
                }
                buffer.removeFirst(end + 2 + delimiter.count)
                stage = .afterBoundary
            case .done:
                buffer.removeAll()
                return
            }
        }
    }

    private func tooBig(_ filename: String?, _ limit: Int) -> Failure {
        guard let filename else { return Failure(status: 413, message: "a form field is too long") }
        let shown = String(filename.prefix(80))
        return Failure(status: 413, message: "\(shown) is larger than \(Self.megabytes(limit)); make it smaller")
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes >> 10) KB"
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard buffer.count - start >= needle.count else { return nil }
        return buffer.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin -> Int? in
                guard let base = hay.baseAddress, let pinBase = pin.baseAddress, let first = needle.first else {
                    return nil
                }
                var at = start
                let last = hay.count - pin.count
                while at <= last {
                    // memchr finds the first byte fast; memcmp checks the rest there.
                    guard let hit = memchr(base + at, Int32(first), last - at + 1) else { return nil }
                    let offset = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + offset, pinBase, pin.count) == 0 { return offset }
                    at = offset + 1
                }
                return nil
            }
        }
    }

    /// The name, file name and type of a part's header block.
    static func describe(headers text: String) throws(Failure) -> (String, String?, String?) {
        var name: String?
        var filename: String?
        var type: String?
        for line in text.components(separatedBy: "\r\n") {
            let kv = line.split(separator: ":", maxSplits: 1)
            guard kv.count == 2 else { continue }
            let field = kv[0].trimmingCharacters(in: .whitespaces).lowercased()
            let value = kv[1].trimmingCharacters(in: .whitespaces)
            if field == "content-type" { type = value }
            guard field == "content-disposition" else { continue }
            for (key, parameter) in parameters(value) {
                if key == "name" { name = parameter }
                if key == "filename" { filename = parameter }
            }
        }
        guard let name else { throw Failure(status: 400, message: "a form part without a name") }
        return (name, filename, type)
    }

    /// `form-data; name="a"; filename="b;c.jpg"` → [("name","a"), ("filename","b;c.jpg")], quotes honoured.
    static func parameters(_ value: String) -> [(String, String)] {
        var out: [(String, String)] = []
        var chars = Substring(value)
        while let semicolon = chars.firstIndex(of: ";") {
            chars = chars[chars.index(after: semicolon)...].drop { $0 == " " }
            guard let equals = chars.firstIndex(of: "=") else { break }
            let key = chars[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            chars = chars[chars.index(after: equals)...]
            var parameter = ""
            if chars.first == "\"" {
                chars = chars.dropFirst()
                // Browsers write a quote inside a name as %22 and leave backslashes alone, so a
                // backslash here is part of the name (and refused later as a folder separator).
                while let c = chars.popFirst(), c != "\"" { parameter.append(c) }
            } else {
                let end = chars.firstIndex(of: ";") ?? chars.endIndex
                parameter = chars[..<end].trimmingCharacters(in: .whitespaces)
                chars = chars[end...]
            }
            out.append((key, parameter))
        }
        return out
    }
}

/// Where a streaming `MultipartParser` puts file parts: one `begin`, its bytes, one `end`.
public protocol MultipartFileSink: AnyObject {
    func beginFile(field: String, filename: String) throws(MultipartParser.Failure)
    func writeFile(_ bytes: UnsafeRawBufferPointer) throws(MultipartParser.Failure)
    func endFile() throws(MultipartParser.Failure)
}
