import Foundation
import Synchronization
import VitrineCore

/// Small JPEGs of the photo folder's pictures, kept on disk beside the page's state so each is
/// made once: a file per picture holding the version it was made of, written durably; a
/// newer version replaces the older, a deleted photo's thumbnail goes with it, and those of photos
/// removed outside the page go when the folder is next listed.
final class ThumbnailStore: Sendable {
    let folder: String
    private let log = Log("web")
    /// Whether "cannot keep thumbnails" was said already.
    private let warned = Atomic<Bool>(false)

    init(folder: String) {
        self.folder = folder
    }

    /// The version of a photo as its size and modification time say: it names the thumbnail,
    /// its ETag and the address the page asks for.
    static func version(of entry: PhotoFolder.Entry) -> String {
        "\(Int(entry.modified.timeIntervalSince1970 * 1000))-\(entry.bytes)"
    }

    private static func key(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// One file per photo (`<name key>.jpg`): a first line with the version it was made of, then the JPEG.
    private func path(name: String) -> String {
        "\(folder)/\(Self.key(name)).thumb"
    }

    /// The thumbnail of `name` at `version`: read from the disk, or made by `make` and kept
    /// (replacing one of an older version).
    func thumbnail(name: String, version: String, make: () -> Data?) -> Data? {
        let file = path(name: name)
        let header = Data((version + "\n").utf8)
        if let kept = FileManager.default.contents(atPath: file), kept.count > header.count,
            kept.prefix(header.count) == header
        {
            return Data(kept.dropFirst(header.count))
        }
        guard let made = make() else { return nil }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try AtomicFile.write(header + made, to: file, mode: 0o600)
        } catch {
            if !warned.exchange(true, ordering: .relaxed) {
                log.warning("thumbnails are made again each time: cannot keep them in \(folder): \(error)")
            }
        }
        return made
    }

    /// Removes the kept thumbnail of `name`.
    func remove(_ name: String) {
        unlink(path(name: name))
    }

    /// Removes the thumbnails of photos no longer in the folder (removed outside the page: over
    /// the network, by a copy, by hand); returns how many went.
    @discardableResult
    func prune(keeping names: [String]) -> Int {
        let kept = Set(names.map { Self.key($0) + ".thumb" })
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
        var removed = 0
        for file in files where file.hasSuffix(".thumb") && !kept.contains(file) {
            if unlink("\(folder)/\(file)") == 0 { removed += 1 }
        }
        return removed
    }
}
