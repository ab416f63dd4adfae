import Foundation
import VitrineCore

/// The picker of the playlist editor: the folders and pictures under the allowed roots (the
/// photo folder, the folders the show plays, `--web-media-root`), never anything outside them.
extension AdminSite {
    /// The most entries one folder lists.
    static let browseLimit = 2000

    /// `path` empty: the roots; else that folder's subfolders and pictures, by name, with full paths.
    func browse(_ request: WebRequest) -> WebResponse {
        let roots = show.mediaRoots.map(PhotoFolder.resolved)
        let asked = request.query["path"] ?? ""
        guard !asked.isEmpty else {
            let entries = roots.map { entryJSON(name: $0, path: $0, kind: "folder") }
            return .json(.object([("path", .null), ("parent", .null), ("entries", .array(entries))]))
        }
        let folder = PhotoFolder.resolved(asked)
        guard let root = roots.first(where: { folder == $0 || folder.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else {
            return .error(403, "the page may only show folders under \(roots.joined(separator: ", "))")
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return .error(404, "\(folder) cannot be read")
        }
        var entries: [JSONOutput] = []
        for name in names.sorted(by: NaturalOrder.pathPrecedes) where !name.hasPrefix(".") {
            guard entries.count < Self.browseLimit else { break }
            let path = folder == "/" ? "/" + name : folder + "/" + name
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                entries.append(entryJSON(name: name, path: path, kind: "folder"))
            } else if ImageFileNames.isImagePath(name) {
                entries.append(entryJSON(name: name, path: path, kind: "image"))
            }
        }
        let parent: String? = folder == root ? nil : (folder as NSString).deletingLastPathComponent
        return .json(.object([("path", .string(folder)), ("parent", .optional(parent)), ("entries", .array(entries))]))
    }

    private func entryJSON(name: String, path: String, kind: String) -> JSONOutput {
        .object([("name", .string(name)), ("path", .string(path)), ("kind", .string(kind))])
    }
}
