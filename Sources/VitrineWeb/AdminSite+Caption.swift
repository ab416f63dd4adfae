import Foundation
import VitrineCore

/// The caption preview of the playlist editor: a caption template filled from a real photo of
/// an item, by the show's own caption code, and the fields it does not know named in a sentence.
extension AdminSite {
    /// The longest template previewed (a caption is a line or two).
    public static let captionTemplateLimit = 500
    /// The most entries looked at to find an item's first photo.
    static let captionSearchLimit = 4000

    /// `GET /api/caption?template=T&item=PATH`: PATH is the item's image or folder as the playlist
    /// writes it (relative to the playlist's folder, or absolute), under the allowed roots.
    /// Answers `{"photo","caption","unknown"}`: the photo used (its path), the caption it gets
    /// (null when the photo has none of the fields), and a sentence naming unknown fields (or null).
    func captionPreview(_ request: WebRequest) -> WebResponse {
        let template = request.query["template"] ?? ""
        guard template.count <= Self.captionTemplateLimit else {
            return .error(413, "a caption of at most \(Self.captionTemplateLimit) characters")
        }
        let parsed = CaptionTemplate(template)
        let unknown: JSONOutput = .optional(parsed.unknownFieldsSentence)
        let item = request.query["item"] ?? ""
        guard !item.isEmpty, item.utf8.count <= 4096 else { return .error(400, "say which item: item=PATH") }
        let base =
            show.playlistPath.map { ($0 as NSString).deletingLastPathComponent } ?? show.uploadFolder
        let asked = PhotoFolder.resolved(item.hasPrefix("/") ? item : (base as NSString).appendingPathComponent(item))
        let roots = show.mediaRoots.map(PhotoFolder.resolved)
        let allowed = { (path: String) in
            roots.contains(where: { path == $0 || path.hasPrefix($0 == "/" ? "/" : $0 + "/") })
        }
        guard allowed(asked) else {
            return .error(403, "the page may only read photos under \(roots.joined(separator: ", "))")
        }
        guard let photo = Self.firstPhoto(asked, allowed: allowed) else {
            return .json(
                .object([
                    ("photo", .null), ("caption", .null), ("unknown", unknown),
                    ("missing", .string("there is no photo in \(item) yet to fill it from")),
                ]))
        }
        return .json(
            .object([
                ("photo", .string(photo)), ("caption", .optional(show.caption(template, photo: photo))),
                ("unknown", unknown), ("missing", .null),
            ]))
    }

    /// `path` itself when it is a picture file; else the first picture of the folder in the show's
    /// order (by name), looked for in its subfolders when it has none of its own (a bounded search);
    /// a link that leads outside what is `allowed` is passed over.
    static func firstPhoto(_ path: String, allowed: (String) -> Bool) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        guard isFolder.boolValue else { return ImageFileNames.isImagePath(path) ? path : nil }
        var folders = [path]
        var looked = 0
        while !folders.isEmpty, looked < captionSearchLimit {
            let folder = folders.removeFirst()
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            var inner: [String] = []
            for name in names.sorted(by: NaturalOrder.pathPrecedes) where !name.hasPrefix(".") {
                looked += 1
                guard looked < captionSearchLimit else { break }
                let entry = PhotoFolder.resolved(folder + "/" + name)
                guard allowed(entry) else { continue }
                var entryIsFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: entry, isDirectory: &entryIsFolder) else { continue }
                if entryIsFolder.boolValue {
                    inner.append(entry)
                } else if ImageFileNames.isImagePath(name) {
                    return entry
                }
            }
            folders += inner
        }
        return nil
    }
}
