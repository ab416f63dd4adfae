extension PlaylistDecoder {
    /// The fields a network item may have: its source's, and what a folder item takes.
    static let networkItemFields =
        Array(NetworkSourceDecoder.itemKeys) + [
            "recursive", "include", "exclude", "order", "seed", "duration", "transition", "fit", "motion", "caption",
        ]

    /// An item with `url`, `feed`, `webdav` or `immich`: a network source (see `NetworkSourceDecoder`),
    /// with the folder semantics of `include`, `exclude`, `order` and `seed`.
    mutating func decodeNetworkItem(_ node: JSONNode, _ path: String) -> PlaylistItem? {
        guard let f = reader.object(node, path, fields: Self.networkItemFields) else { return nil }
        let join = { (key: String) in DocumentReader.join(path, key) }
        for key in ["image", "folder"] where node[key] != nil {
            reader.error(path, "has \"\(key)\" and a network source; an item is one source", at: node[key]?.position)
        }
        let (source, diagnostics) = NetworkSourceDecoder.decode(node, path: path)
        reader.diagnostics += diagnostics
        if let recursive = f["recursive"], source.map({ if case .webdav = $0 { false } else { true } }) ?? false {
            reader.warning(
                join("recursive"), "applies to webdav and folders only; it is ignored", at: recursive.position)
        }
        var network = source.map(NetworkItem.init(source:))
        network?.include = globs(f["include"], join("include"))
        network?.exclude = globs(f["exclude"], join("exclude"))
        network?.order = reader.choice(f["order"], join("order"), as: SlideOrder.self)
        network?.seed = reader.seed(f["seed"], join("seed"))
        let duration = reader.seconds(f["duration"], join("duration"))
        let transition = reader.choice(f["transition"], join("transition"), as: TransitionKind.self)
        let fit = reader.choice(f["fit"], join("fit"), as: FitMode.self)
        let motion = reader.choice(f["motion"], join("motion"), as: DwellMotion.self)
        let caption = caption(f["caption"], join("caption"))
        guard let network else { return nil }
        var item = PlaylistItem(source: .network(network))
        item.position = ["url", "feed", "webdav", "immich"].lazy.compactMap { node[$0]?.position }.first
        item.duration = duration
        item.transition = transition
        item.fit = fit
        item.motion = motion
        // The day's Immich memories are captioned as a memories item is, unless the item says otherwise.
        item.caption = caption ?? (network.isMemories ? "{years-ago}" : nil)
        return item
    }
}
