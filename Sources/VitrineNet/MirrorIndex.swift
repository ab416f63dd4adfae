import Foundation
import Glibc
import Synchronization
import VitrineCore

/// The mirror's state on disk (`index.json` in the cache folder), so a player that boots offline
/// plays the last mirror. It holds addresses and file names, never a password or key.
enum MirrorIndex {
    static let fileName = "index.json"

    static func encode(_ sources: [SourceState]) -> String {
        func time(_ date: Date?) -> JSONOutput? { date.map { .number($0.timeIntervalSince1970) } }
        func text(_ value: String?) -> JSONOutput? { value.map { .string($0) } }
        let list = sources.map { source in
            let entries = source.entries.map { e in
                JSONOutput.object(omittingNil: [
                    ("id", text(e.remote.id)), ("url", text(e.remote.url)), ("previewURL", text(e.remote.previewURL)),
                    ("caption", text(e.remote.caption)), ("listingVersion", text(e.remote.version)),
                    ("taken", text(e.remote.taken)),
                    ("file", text(e.file)), ("preview", text(e.preview)), ("bytes", .integer(Int(e.bytes))),
                    ("previewBytes", .integer(Int(e.previewBytes))), ("etag", text(e.validators.etag)),
                    ("lastModified", text(e.validators.lastModified)), ("version", text(e.version)),
                    ("partEtag", text(e.partValidators?.etag)),
                    ("partLastModified", text(e.partValidators?.lastModified)), ("lastUsed", .number(e.lastUsed)),
                    ("revision", .integer(e.revision)),
                ])
            }
            return JSONOutput.object(omittingNil: [
                ("key", text(source.key)), ("lastRefresh", time(source.lastRefresh)),
                ("lastGoodListing", time(source.lastGoodListing)), ("lastError", text(source.lastError)),
                ("etag", text(source.listingValidators?.etag)),
                ("lastModified", text(source.listingValidators?.lastModified)),
                ("entries", .array(entries)),
            ])
        }
        return JSONOutput.object([("version", .integer(1)), ("sources", .array(list))]).rendered + "\n"
    }

    /// The generation before the current one, kept beside it.
    static let previousName = "index.previous.json"
    /// Names of the index's temporaries (removed at start).
    static let temporaryName = "index.json.tmp"
    static let previousTemporaryName = "index.previous.json.tmp"
    /// A partial download older than this is not resumed: it is removed at start.
    static let partLifetime = Seconds(7 * 24 * 3600)

    /// Writes the index durably: under a temporary name, flushed, renamed over the old one, the folder
    /// flushed; the old one, if it is whole, is kept first as the previous generation. A power cut at
    /// any moment leaves a whole index (the old or the new one) and the previous generation.
    static func save(_ sources: [SourceState], in directory: String) throws {
        // One save at a time (the scheduler's and `stop()`'s), as they share the temporary's name.
        try saving.withLock { _ throws(TransferFailure) in try write(sources, in: directory) }
    }

    private static let saving = Mutex(())

    private static func write(_ sources: [SourceState], in directory: String) throws(TransferFailure) {
        let path = (directory as NSString).appendingPathComponent(fileName)
        let previous = (directory as NSString).appendingPathComponent(previousName)
        let previousTemporary = (directory as NSString).appendingPathComponent(previousTemporaryName)
        if isWhole(path) {
            // A second name for the current index, then moved over the previous one: never a moment
            // without either.
            unlink(previousTemporary)
            if link(path, previousTemporary) == 0, rename(previousTemporary, previous) != 0 {
                unlink(previousTemporary)
            }
        }
        try DurableFile.replace(
            path, with: Data(encode(sources).utf8),
            temporary: (directory as NSString).appendingPathComponent(temporaryName))
    }

    /// Whether the file ends as every index this program writes ends (a cut or emptied one does not).
    private static func isWhole(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd(), end >= 3 else { return false }
        try? handle.seek(toOffset: end - 3)
        return (try? handle.read(upToCount: 3)) == Data("]}\n".utf8)
    }

    /// Where the state at start came from.
    enum Origin: Equatable {
        /// No index yet: a new cache folder.
        case fresh
        case current
        /// The current index was missing, empty or unreadable; the previous generation was read.
        case previous(problem: String)
        /// Neither could be read: the files present are kept, and taken back as listings name them.
        case unreadable(problem: String)

        /// Whether the saved state names every file of ours that should stay (so others may go).
        var isComplete: Bool {
            switch self {
            case .fresh, .current: return true
            case .previous, .unreadable: return false
            }
        }
    }

    /// The saved state of the sources whose keys are in `sources`, in their order, from the index or,
    /// when it is missing, empty, cut or garbage, from the previous generation; files that are gone or
    /// of another size are forgotten. A bad index never means "nothing is mirrored".
    @discardableResult
    static func load(into sources: inout [SourceState], from directory: String) -> Origin {
        let path = (directory as NSString).appendingPathComponent(fileName)
        let previous = (directory as NSString).appendingPathComponent(previousName)
        let problem: String
        switch read(path) {
        case .success(let saved):
            apply(saved, to: &sources, directory)
            return .current
        case .failure(let why):
            problem = why.description
        }
        let hasFiles = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).contains(
            where: CacheName.isOurs)
        if problem == "missing", !FileManager.default.fileExists(atPath: previous), !hasFiles { return .fresh }
        let log = Log("mirror")
        if case .success(let saved) = read(previous) {
            apply(saved, to: &sources, directory)
            let count = sources.reduce(0) { $0 + $1.entries.count { $0.file != nil } }
            log.warning(
                "the index \(path) is \(problem): the previous one is used (\(count) photos); "
                    + "no mirrored file is removed")
            return .previous(problem: problem)
        }
        log.warning(
            "the index \(path) is \(problem) and there is no readable previous one: "
                + "the mirrored files are kept and taken back as the listings name them")
        return .unreadable(problem: problem)
    }

    private static func read(_ path: String) -> Result<[JSONNode], IndexProblem> {
        guard let data = FileManager.default.contents(atPath: path) else { return .failure("missing") }
        guard !data.isEmpty else { return .failure("empty") }
        guard let root = try? JSONParser.parse(String(decoding: data, as: UTF8.self)) else {
            return .failure("cut short or not JSON")
        }
        guard let saved = root["sources"]?.elements else { return .failure("not a mirror index") }
        return .success(saved)
    }

    private static func apply(_ saved: [JSONNode], to sources: inout [SourceState], _ directory: String) {
        var byKey: [String: JSONNode] = [:]
        for node in saved { if let key = node["key"]?.string { byKey[key] = node } }
        for index in sources.indices {
            guard let node = byKey[sources[index].key] else { continue }
            sources[index].lastRefresh = (node["lastRefresh"]?.number).map(Date.init(timeIntervalSince1970:))
            sources[index].lastGoodListing = (node["lastGoodListing"]?.number).map(Date.init(timeIntervalSince1970:))
            sources[index].lastError = node["lastError"]?.string
            sources[index].listingValidators = Validators(
                etag: node["etag"]?.string, lastModified: node["lastModified"]?.string)
            sources[index].entries = (node["entries"]?.elements ?? []).compactMap { entry(from: $0, directory) }
        }
    }

    /// Removes what a start must not find: the index's temporaries, partial downloads that cannot or
    /// may no longer be resumed, and (only when the saved state is complete) files of ours that no
    /// entry names — a crash between two saves, a source no longer played. With an incomplete state
    /// no photo is removed.
    static func cleanUp(_ directory: String, keeping sources: inout [SourceState], origin: Origin, now: Date = Date()) {
        var keep: Set<String> = []
        var parts: [String: (Int, Int)] = [:]
        for (s, state) in sources.enumerated() {
            for (e, entry) in state.entries.enumerated() {
                if let file = entry.file { keep.insert(file) }
                if let preview = entry.preview { keep.insert(preview) }
                if entry.partValidators != nil {
                    parts[CacheName.part(CacheName.stem(source: state.key, id: entry.remote.id))] = (s, e)
                }
            }
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names {
            let path = (directory as NSString).appendingPathComponent(name)
            if name == temporaryName || name == previousTemporaryName {
                unlink(path)
                continue
            }
            guard CacheName.isOurs(name), !keep.contains(name) else { continue }
            if name.hasSuffix(".part") {
                let modified =
                    ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date)
                    ?? .distantPast
                if parts[name] != nil, now - modified < partLifetime { continue }
                if let found = parts[name] { sources[found.0].entries[found.1].partValidators = nil }
                unlink(path)
            } else if origin.isComplete {
                unlink(path)
            }
        }
    }

    private static func entry(from node: JSONNode, _ directory: String) -> EntryState? {
        guard let id = node["id"]?.string, let url = node["url"]?.string else { return nil }
        var entry = EntryState(
            remote: RemoteEntry(
                id: id, url: url, previewURL: node["previewURL"]?.string, caption: node["caption"]?.string,
                version: node["listingVersion"]?.string, taken: node["taken"]?.string))
        entry.bytes = Int64(node["bytes"]?.number ?? 0)
        entry.previewBytes = Int64(node["previewBytes"]?.number ?? 0)
        entry.file = checked(node["file"]?.string, bytes: entry.bytes, directory)
        entry.preview = checked(node["preview"]?.string, bytes: entry.previewBytes, directory)
        if entry.file == nil { entry.bytes = 0 }
        if entry.preview == nil { entry.previewBytes = 0 }
        entry.validators = Validators(etag: node["etag"]?.string, lastModified: node["lastModified"]?.string)
        entry.version = node["version"]?.string
        let partEtag = node["partEtag"]?.string
        let partModified = node["partLastModified"]?.string
        if partEtag != nil || partModified != nil {
            entry.partValidators = Validators(etag: partEtag, lastModified: partModified)
        }
        entry.lastUsed = node["lastUsed"]?.number ?? 0
        entry.revision = Int(node["revision"]?.number ?? 0)
        return entry
    }

    /// A saved file name, kept only if it is one of ours, is there, and has the size recorded.
    private static func checked(_ name: String?, bytes: Int64, _ directory: String) -> String? {
        guard let name, CacheName.isOurs(name), !name.contains("/") else { return nil }
        let path = (directory as NSString).appendingPathComponent(name)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            (attributes[.type] as? FileAttributeType) == .typeRegular,
            (attributes[.size] as? NSNumber)?.int64Value == bytes, ImageKind.detect(file: path) != nil
        else { return nil }
        return name
    }
}

/// Why an index file could not be read, in a few words for the log.
struct IndexProblem: Error, ExpressibleByStringLiteral, CustomStringConvertible {
    var description: String

    init(stringLiteral value: String) { description = value }
}
