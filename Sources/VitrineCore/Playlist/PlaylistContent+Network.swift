extension PlaylistContent {
    /// Every network item of every playlist.
    public var networkItems: [(key: ItemKey, item: NetworkItem)] {
        var out: [(ItemKey, NetworkItem)] = []
        for (p, playlist) in document.playlists.enumerated() {
            for (i, item) in playlist.items.enumerated() {
                if case .network(let network) = item.source { out.append((ItemKey(playlist: p, item: i), network)) }
            }
        }
        return out
    }

    /// The order and seed a network item plays in: its own, else the playlist's, else the fallback.
    public func orderAndSeed(_ key: ItemKey, _ item: NetworkItem) -> (SlideOrder, UInt64) {
        let defaults = document.playlists[key.playlist].defaults
        return (
            item.order ?? forcedOrder ?? defaults.order ?? fallbackOrder,
            item.seed ?? forcedSeed ?? defaults.seed ?? fallbackSeed
        )
    }

    /// Puts the mirrored photos of network item `key` in place (in listing order as given): those its
    /// `include`/`exclude` take, in its order (`shuffle` by a keyed hash of each photo's id, else the
    /// listing's order). Returns whether its slides changed.
    public mutating func setNetwork(_ photos: [NetworkPhoto], for key: ItemKey) -> Bool {
        guard let item = networkItems.first(where: { $0.key == key })?.item else { return false }
        var taken = photos.filter { item.accepts($0.name) }
        let (order, seed) = orderAndSeed(key, item)
        if order == .shuffle {
            taken = taken.map { (ShuffleKey.key($0.id, seed: seed), $0) }
                .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1.id < $1.1.id }.map(\.1)
        }
        guard network[key] != taken else { return false }
        network[key] = taken
        return true
    }
}
