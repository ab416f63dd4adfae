extension PlaylistDecoder {
    /// `{ "video": "clip.mp4", "duration": 20, "loop": true, "audio": true }`.
    mutating func decodeVideoItem(_ node: JSONNode, fields f: [String: JSONNode], _ path: String) -> PlaylistItem? {
        let join = { (key: String) in DocumentReader.join(path, key) }
        for key in ["image", "folder"] where f[key] != nil {
            reader.error(path, "has both \"video\" and \"\(key)\"; an item is one or the other", at: node.position)
        }
        for key in ["recursive", "include", "exclude", "order", "seed"] {
            if let extra = f[key] {
                reader.warning(join(key), "applies to folders only; it is ignored for a clip", at: extra.position)
            }
        }
        guard let text = reader.string(node, join("video"), what: "the path of a video file") else { return nil }
        guard !text.isEmpty else {
            reader.error(join("video"), "must be the path of a video file", at: node.position)
            return nil
        }
        let absolute = resolve(text)
        if !VideoFileNames.isVideoPath(text) {
            reader.error(
                join("video"), "\(text) is not a video file (expected one of: \(VideoFileNames.extensionList))",
                at: node.position)
        } else {
            switch probe(absolute) {
            case .missing:
                reader.warning(
                    join("video"), "\(text): no such file (it is skipped until it appears)", at: node.position)
            case .directory:
                reader.error(join("video"), "\(text) is a folder; write \"folder\" for a folder", at: node.position)
            case .file: break
            }
        }
        var item = PlaylistItem(source: .image(absolute))
        item.position = node.position
        item.isVideo = true
        item.duration = reader.seconds(f["duration"], join("duration"))
        item.transition = reader.choice(f["transition"], join("transition"), as: TransitionKind.self)
        item.fit = reader.choice(f["fit"], join("fit"), as: FitMode.self)
        item.motion = reader.choice(f["motion"], join("motion"), as: DwellMotion.self)
        item.caption = caption(f["caption"], join("caption"))
        item.loop = reader.bool(f["loop"], join("loop"))
        item.audio = reader.bool(f["audio"], join("audio"))
        return item
    }
}
