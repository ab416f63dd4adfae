extension PlaylistDecoder {
    static let memoriesFields = ["folder", "recursive", "include", "exclude"]

    /// `{ "memories": { "folder": "/srv/photos" } }`: the photos of a folder (and its subfolders,
    /// unless `"recursive": false`) taken on this calendar day in earlier years.
    mutating func decodeMemoriesItem(_ node: JSONNode, fields f: [String: JSONNode], _ path: String) -> PlaylistItem? {
        let join = { (key: String) in DocumentReader.join(path, key) }
        for key in ["image", "folder", "video"] where f[key] != nil {
            reader.error(path, "has both \"memories\" and \"\(key)\"; an item is one or the other", at: node.position)
        }
        guard let m = reader.object(node, join("memories"), fields: Self.memoriesFields) else { return nil }
        let memoriesPath = join("memories")
        let folderPath = DocumentReader.join(memoriesPath, "folder")
        guard let text = reader.string(m["folder"], folderPath, what: "the path of a folder"), !text.isEmpty else {
            reader.error(folderPath, "missing; name the folder whose photos are remembered", at: node.position)
            return nil
        }
        var folder = FolderSource(path: resolve(text))
        if probe(folder.path) == .file {
            reader.error(folderPath, "\(text) is a file; memories come from a folder", at: node.position)
        }
        folder.recursive = reader.bool(m["recursive"], DocumentReader.join(memoriesPath, "recursive")) ?? true
        folder.include = globs(m["include"], DocumentReader.join(memoriesPath, "include"))
        folder.exclude = globs(m["exclude"], DocumentReader.join(memoriesPath, "exclude"))
        folder.memories = true
        var item = PlaylistItem(source: .folder(folder))
        item.position = node.position
        item.duration = reader.seconds(f["duration"], join("duration"))
        item.transition = reader.choice(f["transition"], join("transition"), as: TransitionKind.self)
        item.fit = reader.choice(f["fit"], join("fit"), as: FitMode.self)
        item.motion = reader.choice(f["motion"], join("motion"), as: DwellMotion.self)
        item.caption = caption(f["caption"], join("caption")) ?? "{years-ago}"
        return item
    }
}
