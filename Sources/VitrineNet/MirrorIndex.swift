import Foundation
import VitrineCore

/// The mirror's state on disk (`index.json` in the cache folder), so a player that boots offline
/// plays the last mirror. It holds addresses and file names, never a password or key.
enum MirrorIndex {
    static let fileName = "index.json"

    static func encode(_ sources: [SourceState]) -> String {
        func time(_ date: Date?) -> String? { date.map { String($0.timeIntervalSince1970) } }
        func text(_ value: String?) -> String? { value.map(JSONWriter.quoted) }
        let list = sources.map { source in
            let entries = source.entries.map { e in
                JSONWriter.object([
                    ("id", text(e.remote.id)), ("url", text(e.remote.url)), ("previewURL", text(e.remote.previewURL)),
                    ("caption", text(e.remote.caption)), ("listingVersion", text(e.remote.version)),
                    ("file", text(e.file)), ("preview", text(e.preview)), ("bytes", "\(e.bytes)"),
                    ("previewBytes", "\(e.previewBytes)"), ("etag", text(e.validators.etag)),
                    ("lastModified", text(e.validators.lastModified)), ("version", text(e.version)),
                    ("partEtag", text(e.partValidators?.etag)),
                    ("partLastModified", text(e.partValidators?.lastModified)), ("lastUsed", "\(e.lastUsed)"),
                    ("revision", "\(e.revision)"),
                ])
            }
            return JSONWriter.object([
                ("key", text(source.key)), ("lastRefresh", time(source.lastRefresh)),
                ("lastGoodListing", time(source.lastGoodListing)), ("lastError", text(source.lastError)),
                ("etag", text(source.listingValidators?.etag)),
                ("lastModified", text(source.listingValidators?.lastModified)),
                ("entries", "[\n" + entries.joined(separator: ",\n") + "]"),
            ])
        }
        return "{\"version\":1,\"sources\":[\n" + list.joined(separator: ",\n") + "]}\n"
    }

    /// Writes the index under a temporary name and renames it, so a power cut leaves the old or the new one.
    static func save(_ sources: [SourceState], in directory: String) throws {
        let path = (directory as NSString).appendingPathComponent(fileName)
        let temporary = path + ".tmp"
        try Data(encode(sources).utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, path) == 0 else { throw TransferFailure.local("cannot replace \(path)") }
    }

    /// The saved state of the sources whose keys are in `sources`, in their order; files that are gone
    /// or of another size are forgotten.
    static func load(into sources: inout [SourceState], from directory: String) {
        let path = (directory as NSString).appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: path),
            let root = try? JSONParser.parse(String(decoding: data, as: UTF8.self)),
            let saved = root["sources"]?.elements
        else { return }
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

    private static func entry(from node: JSONNode, _ directory: String) -> EntryState? {
        guard let id = node["id"]?.string, let url = node["url"]?.string else { return nil }
        var entry = EntryState(
            remote: RemoteEntry(
                id: id, url: url, previewURL: node["previewURL"]?.string, caption: node["caption"]?.string,
                version: node["listingVersion"]?.string))
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
