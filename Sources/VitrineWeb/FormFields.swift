import Foundation

/// `application/x-www-form-urlencoded` text, as in query strings and simple forms.
public enum FormFields {
    /// `a=1&b=x%20y` → ["a": "1", "b": "x y"].
    public static func parse(_ text: String) -> [String: String] {
        var out: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = percentDecode(String(kv[0]))
            guard !name.isEmpty else { continue }
            out[name] = kv.count > 1 ? percentDecode(String(kv[1])) : ""
        }
        return out
    }

    /// Decodes `%XX` and `+`; a bad escape is kept as written.
    public static func percentDecode(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
