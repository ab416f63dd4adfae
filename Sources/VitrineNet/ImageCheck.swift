import Foundation

/// What a downloaded file is, from its first bytes; the cache file's extension comes from here,
/// never from the remote name.
public enum ImageKind: String, Sendable, CaseIterable {
    case jpeg = "jpg"
    case png, gif, webp, bmp, tiff, heif = "heic", avif, jxl

    /// The kind whose signature starts `bytes`, or nil for anything else (text, HTML, archives …).
    public static func detect(_ bytes: [UInt8]) -> ImageKind? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts([0x42, 0x4D]), bytes.count >= 26 { return .bmp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return .jxl }
        if starts(Array("ftyp".utf8), at: 4), bytes.count >= 12 {
            // The major brand, then the compatible brands that follow it in the first bytes.
            let brands = stride(from: 8, to: bytes.count - 3, by: 4).map {
                String(decoding: bytes[$0..<($0 + 4)], as: UTF8.self)
            }
            if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .avif }
            if brands.contains(where: { ["heic", "heix", "mif1", "msf1", "heim", "heis"].contains($0) }) {
                return .heif
            }
        }
        return nil
    }

    /// The kind of the file at `path`, from its first 32 bytes.
    public static func detect(file path: String) -> ImageKind? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 32) else { return nil }
        return detect(Array(head))
    }
}
