/// A file name is bytes to the kernel, and most are UTF-8; a Swift `String` holds only valid
/// Unicode. So that a name that is not valid UTF-8 (a stick written by an old camera or
/// another system's encoding) is listed, shown and logged like any other, its bytes are kept
/// in the string losslessly: each byte that is not part of valid UTF-8 becomes the scalar
/// U+10FF00 + byte (the last 256 code points of Unicode's private use plane 16), and so does
/// each byte of a real scalar in that range. `systemPath` gives the bytes back for a system
/// call; `escaped` writes them as `\xNN` for the log.
public enum FileName {
    static let base: UInt32 = 0x10FF00

    /// The string for a name (or path) as the kernel gives it.
    public static func string(fromSystem bytes: some Collection<UInt8>) -> String {
        let array = Array(bytes)
        if let valid = String(validating: array, as: UTF8.self), !valid.utf8.contains(0xF4) { return valid }
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < array.count {
            if let (scalar, length) = decodeOne(array, at: i), scalar.value < base {
                scalars.append(scalar)
                i += length
            } else if let (_, length) = decodeOne(array, at: i) {
                for byte in array[i..<(i + length)] { scalars.append(escape(byte)) }
                i += length
            } else {
                scalars.append(escape(array[i]))
                i += 1
            }
        }
        return String(scalars)
    }

    /// The string for a NUL-terminated C name (`readdir`'s `d_name`, inotify's name).
    public static func string(fromCString pointer: UnsafePointer<CChar>) -> String {
        var length = 0
        while pointer[length] != 0 { length += 1 }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            string(fromSystem: UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// Whether `path` holds bytes that are not valid UTF-8.
    public static func hasRawBytes(_ path: String) -> Bool {
        path.utf8.contains(0xF4) && path.unicodeScalars.contains { $0.value >= base }
    }

    /// The bytes the system knows `path` by.
    public static func systemBytes(_ path: String) -> [UInt8] {
        guard hasRawBytes(path) else { return Array(path.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= base {
                out.append(UInt8(scalar.value - base))
            } else {
                out += Array(String(scalar).utf8)
            }
        }
        return out
    }

    /// Calls `body` with the path as the system knows it, NUL-terminated.
    public static func withSystemPath<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard hasRawBytes(path) else { return try path.withCString(body) }
        let bytes = systemBytes(path).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return try "".withCString(body) }
            return try body(start)
        }
    }

    /// `text` with each raw byte written as `\xNN` (for log lines and messages).
    public static func escaped(_ text: String) -> String {
        guard hasRawBytes(text) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= base {
                let hex = String(scalar.value - base, radix: 16, uppercase: true)
                out += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(base + UInt32(byte)) ?? "?"
    }

    /// The scalar starting at `i` and its length in bytes, when the bytes there are valid UTF-8.
    private static func decodeOne(_ bytes: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[i]
        let length: Int
        let minimum: UInt32
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return Unicode.Scalar(UInt32(lead)).map { ($0, 1) }
        case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(lead & 0x07))
        default: return nil
        }
        guard i + length <= bytes.count else { return nil }
        for k in 1..<length {
            let byte = bytes[i + k]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
