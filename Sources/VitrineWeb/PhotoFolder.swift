import Foundation
import VitrineCore
import VitrinePOSIX

/// The watched folder as the page sees it: names checked before anything touches the disk,
/// pictures recognised by their first bytes, files written whole or not at all.
public struct PhotoFolder: Sendable {
    /// One picture in the folder.
    public struct Entry: Equatable, Sendable {
        public var name: String
        public var bytes: Int
        public var modified: Date
    }

    /// Why a name or file was refused: an HTTP status and one line for the person.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public var status: Int
        public var message: String
        public var description: String { message }
    }

    /// The kinds of picture accepted, by their file name extension.
    public static let extensions = ["jpg", "jpeg", "png", "webp", "heic", "heif", "avif", "jxl"]

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// `name` when it is a plain picture file name; otherwise why not. Names are refused, never
    /// rewritten, so what lands in the folder is what the person chose.
    public static func checkName(_ name: String) throws(Refusal) -> String {
        func refuse(_ why: String) -> Refusal {
            Refusal(status: 400, message: "\"\(String(name.prefix(80)))\" \(why)")
        }
        guard !name.isEmpty else { throw Refusal(status: 400, message: "a file without a name") }
        guard name.utf8.count <= 200 else { throw refuse("is too long a name (at most 200 bytes)") }
        guard !name.contains("/"), !name.contains("\\") else {
            throw refuse("has a folder in its name; give a plain file name")
        }
        guard !name.contains("..") else { throw refuse("contains \"..\"; rename the file") }
        guard !name.hasPrefix(".") else { throw refuse("is a hidden file name (starts with a dot)") }
        guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw refuse("has control characters in its name")
        }
        let ext = (name as NSString).pathExtension.lowercased()
        guard extensions.contains(ext) else {
            throw Refusal(status: 415, message: "\"\(String(name.prefix(80)))\" \(formatAdvice(ext))")
        }
        return name
    }

    /// Why a kind of file is refused and what to do instead, after its name.
    static func formatAdvice(_ ext: String) -> String {
        switch ext {
        case "gif", "bmp", "tif", "tiff":
            return
                "is a \(ext.uppercased()) file; the screen shows JPEG, PNG, WebP, HEIC, AVIF and JPEG XL: save it as one of those"
        case "":
            return "has no extension; the screen shows .jpg, .png, .webp, .heic, .avif and .jxl files"
        default:
            return "is not a JPEG, PNG, WebP, HEIC, AVIF or JPEG XL file name (.\(ext)); the screen shows only those"
        }
    }

    /// The picture kind the first bytes say, as a media type; nil for anything else.
    public static func sniff(_ bytes: Data) -> String? {
        let head = [UInt8](bytes.prefix(64))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if head.starts(with: [0xFF, 0x0A]) || head.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) {
            return "image/jxl"
        }
        if head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) {
            // The major brand and the compatible ones after it (within the ftyp box).
            let size = min(head.count, max(12, Int(head[2]) << 8 | Int(head[3])))
            let brands = stride(from: 8, to: size - 3, by: 4).map {
                String(decoding: head[$0..<($0 + 4)], as: UTF8.self)
            }
            if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return "image/avif" }
            if brands.contains(where: { ["heic", "heix", "heim", "heis", "mif1", "msf1"].contains($0) }) {
                return "image/heic"
            }
        }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return "image/webp"
        }
        return nil
    }

    /// The pictures in the folder in the show's order of names (`img-2` before `img-10`, capitals
    /// among small letters), hidden and temporary files left out.
    public func list() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        // Each name's bytes taken once for the sort (10,000 names are compared some 140,000 times).
        let keyed = names.compactMap { name -> (name: String, key: [UInt8])? in
            (try? Self.checkName(name)) == nil ? nil : (name, Array(name.utf8))
        }
        return keyed.sorted { NaturalOrder.compare($0.key, $1.key) < 0 }.compactMap { named in
            guard let (entry, regular) = Self.status(path + "/" + named.name, name: named.name), regular else {
                return nil
            }
            return entry
        }
    }

    /// One picture's entry, read from the disk.
    public func entry(_ name: String) -> Entry? {
        Self.status(path + "/" + name, name: name)?.entry
    }

    /// The file at `full` (not a link's target) as an entry, and whether it is a plain file: one
    /// `lstat`, no more (a folder of 10,000 photos is listed whole after each change).
    static func status(_ full: String, name: String) -> (entry: Entry, regular: Bool)? {
        var info = stat()
        guard lstat(full, &info) == 0 else { return nil }
        let modified = Date(
            timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
        return (Entry(name: name, bytes: Int(info.st_size), modified: modified), info.st_mode & S_IFMT == S_IFREG)
    }

    /// The full path of a picture already in the folder.
    public func existing(_ name: String) throws(Refusal) -> String {
        let checked = try Self.checkName(name)
        let full = path + "/" + checked
        guard FileManager.default.fileExists(atPath: full) else {
            throw Refusal(status: 404, message: "\"\(checked)\" is not in the folder")
        }
        return full
    }

    /// Removes a picture.
    public func delete(_ name: String) throws(Refusal) {
        let full = try existing(name)
        guard unlink(full) == 0 else {
            throw Refusal(status: 500, message: "\"\(name)\" could not be removed: \(Errno.current)")
        }
    }

    /// `path` with its links followed as far as it exists (the rest as written, `..` removed), so a
    /// link inside a root that points outside it is seen for what it is.
    public static func resolved(_ path: String) -> String {
        let standard = URL(fileURLWithPath: path).standardized.path
        var head = standard
        var tail: [String] = []
        while head != "/", !head.isEmpty {
            if let real = realpath(head, nil) {
                defer { free(real) }
                let base = String(cString: real)
                return tail.isEmpty ? base : (base == "/" ? "" : base) + "/" + tail.reversed().joined(separator: "/")
            }
            tail.append((head as NSString).lastPathComponent)
            head = (head as NSString).deletingLastPathComponent
        }
        return standard
    }

    /// A new path for a temporary file of ours in the folder.
    func temporaryPath() -> String {
        path + "/" + AtomicFile.temporaryName(for: "upload")
    }

    /// Stores files already written (and flushed) to temporary paths in the folder, all or none:
    /// each name and first bytes are checked and each is probed with `canDecode`; only when all
    /// pass do they get their names. The temporaries are gone afterwards, whatever happened.
    public func storeFiles(
        _ files: [(name: String, temporary: String)], replace: Bool, decodeProblem: (String) -> String?
    ) throws(Refusal) -> [String] {
        var remaining = files.map(\.temporary)
        defer { for temporary in remaining { unlink(temporary) } }
        guard !files.isEmpty else { throw Refusal(status: 400, message: "no file in the upload") }
        var seen: Set<String> = []
        for file in files {
            let name = try Self.checkName(file.name)
            guard seen.insert(name.lowercased()).inserted else {
                throw Refusal(status: 400, message: "\"\(name)\" is twice in the upload")
            }
            let head = FileHandle(forReadingAtPath: file.temporary).map { handle in
                defer { try? handle.close() }
                return (try? handle.read(upToCount: 64)) ?? Data()
            }
            guard let head, Self.sniff(head) != nil else {
                throw Refusal(
                    status: 415, message: "\"\(name)\" is not a JPEG, PNG, WebP, HEIC, AVIF or JPEG XL picture")
            }
            if !replace, FileManager.default.fileExists(atPath: path + "/" + name) {
                throw Refusal(status: 409, message: "\"\(name)\" exists already; replace it?")
            }
            if let problem = decodeProblem(file.temporary) {
                throw Refusal(status: 415, message: "\"\(name)\" \(problem)")
            }
        }
        var stored: [String] = []
        for file in files {
            remaining.removeFirst()
            do {
                try AtomicFile.publish(file.temporary, as: path + "/" + file.name, replace: replace)
                stored.append(file.name)
            } catch {
                if case .exists(let name) = error {
                    throw Refusal(status: 409, message: "\"\(name)\" exists already; replace it?")
                }
                throw Refusal(status: 500, message: error.description)
            }
        }
        return stored
    }

    /// One file to store.
    public struct Upload: Sendable {
        public var name: String
        public var bytes: Data
    }

    /// Stores several files all or none: every name and first bytes are checked, each is written
    /// to a hidden temporary file and probed with `canDecode`, and only when all pass do they get
    /// their names (never replacing one that exists unless `replace`).
    public func store(_ uploads: [Upload], replace: Bool, canDecode: (String) -> Bool) throws(Refusal) -> [String] {
        guard !uploads.isEmpty else { throw Refusal(status: 400, message: "no file in the upload") }
        var seen: Set<String> = []
        for upload in uploads {
            let name = try Self.checkName(upload.name)
            guard seen.insert(name.lowercased()).inserted else {
                throw Refusal(status: 400, message: "\"\(name)\" is twice in the upload")
            }
            guard Self.sniff(upload.bytes) != nil else {
                throw Refusal(
                    status: 415, message: "\"\(name)\" is not a JPEG, PNG, WebP, HEIC, AVIF or JPEG XL picture")
            }
            if !replace, FileManager.default.fileExists(atPath: path + "/" + name) {
                throw Refusal(status: 409, message: "\"\(name)\" exists already; replace it?")
            }
        }
        var temporaries: [(temporary: String, final: String)] = []
        func discard() { for entry in temporaries { unlink(entry.temporary) } }
        for upload in uploads {
            let final = path + "/" + upload.name
            do {
                temporaries.append((try AtomicFile.writeTemporary(upload.bytes, beside: final), final))
            } catch {
                discard()
                throw Refusal(status: 500, message: error.description)
            }
            guard let last = temporaries.last, canDecode(last.temporary) else {
                discard()
                throw Refusal(status: 415, message: "\"\(upload.name)\" cannot be decoded as a picture")
            }
        }
        var stored: [String] = []
        for (index, entry) in temporaries.enumerated() {
            do {
                try AtomicFile.publish(entry.temporary, as: entry.final, replace: replace)
                stored.append((entry.final as NSString).lastPathComponent)
            } catch {
                for rest in temporaries[(index + 1)...] { unlink(rest.temporary) }
                if case .exists(let name) = error {
                    throw Refusal(status: 409, message: "\"\(name)\" exists already; replace it?")
                }
                throw Refusal(status: 500, message: error.description)
            }
        }
        return stored
    }
}
