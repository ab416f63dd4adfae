import Foundation
import VitrineCore

/// Names in the cache folder: a hash of the source and the photo's id, and an extension taken from
/// the file's own first bytes, so nothing a server sends can name a path.
enum CacheName {
    static func stem(source: String, id: String) -> String {
        String(SHA256.hex(source + "\n" + id).prefix(32))
    }

    static func part(_ stem: String, preview: Bool = false) -> String { stem + (preview ? ".preview.part" : ".part") }

    static func file(_ stem: String, kind: ImageKind, preview: Bool = false) -> String {
        stem + (preview ? ".preview." : ".") + kind.rawValue
    }

    /// Whether `name` is one the mirror could have made (hex stem, known suffix), for cleaning up.
    static func isOurs(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].count == 32, parts[0].allSatisfy(\.isHexDigit) else { return false }
        return true
    }
}
