import Foundation

/// The fair shuffle in the content: a shuffled item's photos play in its `ShuffleDeck`'s order
/// (or, in step with other screens, in the order of the synced cycle), and the photos shown are
/// recorded in its deck.
extension PlaylistContent {
    /// The name the deck of a shuffled item is kept under (its folder's path, its network source's
    /// key); nil for an item that is not shuffled.
    public func deckName(_ key: ItemKey) -> String? {
        guard document.playlists.indices.contains(key.playlist),
            document.playlists[key.playlist].items.indices.contains(key.item)
        else { return nil }
        switch document.playlists[key.playlist].items[key.item].source {
        case .folder(let folder):
            return orderAndSeed(key, folder).0 == .shuffle ? "folder:" + folder.path : nil
        case .network(let item):
            return orderAndSeed(key, item).0 == .shuffle ? "network:" + item.source.key : nil
        case .image:
            return nil
        }
    }

    /// The keyed order of item `key`'s cycles.
    func shuffleOrder(_ key: ItemKey) -> ShuffleOrder {
        let item = document.playlists[key.playlist].items[key.item]
        let seed: UInt64
        switch item.source {
        case .folder(let folder): seed = orderAndSeed(key, folder).1
        case .network(let network): seed = orderAndSeed(key, network).1
        case .image: seed = 0
        }
        var order = ShuffleOrder(seed: seed)
        if syncCycle == nil, !favourites.isEmpty {
            let names = favouriteNames(key)
            if !names.isEmpty { order.favourites = names }
        }
        guard favourRecent, let index = folders[key] else { return order }
        var times: [String: Date] = [:]
        times.reserveCapacity(index.count)
        for entry in index.entries { times[entry.relative] = entry.mtime }
        // Recent is measured from the item's newest photo, so every screen and start agrees.
        order.times = times
        order.now = times.values.max() ?? Date(unixSeconds: 0)
        return order
    }

    /// The names (as the item's deck knows them) of item `key`'s favourites.
    func favouriteNames(_ key: ItemKey) -> Set<String> { names(of: favourites, in: key) }

    /// The names of item `key`'s photos that cannot be shown (hidden, or failed to decode): a cycle
    /// completes without them.
    func unshowableNames(_ key: ItemKey) -> Set<String> {
        guard !hidden.isEmpty || !failed.isEmpty else { return [] }
        return names(of: hidden.union(failed), in: key)
    }

    /// The names in item `key` of those of `paths` it holds.
    private func names(of paths: Set<String>, in key: ItemKey) -> Set<String> {
        guard !paths.isEmpty else { return [] }
        var out: Set<String> = []
        switch document.playlists[key.playlist].items[key.item].source {
        case .folder(let folder):
            let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
            for path in paths where path.hasPrefix(base) { out.insert(String(path.dropFirst(base.count))) }
        case .network:
            for photo in network[key] ?? [] where paths.contains(photo.path) { out.insert(photo.id) }
        case .image:
            break
        }
        return out
    }

    /// Photos of playlist `name`'s shuffled items not yet seen in their cycle (each item's deck
    /// once); nil when the playlist has no shuffled item.
    public func unseenCount(playlist name: String) -> Int? {
        guard let p = document.playlists.firstIndex(where: { $0.name == name }) else { return nil }
        var total: Int?
        var counted: Set<String> = []
        for i in document.playlists[p].items.indices {
            let key = ItemKey(playlist: p, item: i)
            guard let deckName = deckName(key), counted.insert(deckName).inserted else { continue }
            let skipped = unshowableNames(key)
            let deck = shown[deckName] ?? ShuffleDeck()
            let unseen = photoNames(key).reduce(0) { n, photo in
                skipped.contains(photo) || deck.hasShown(photo) ? n : n + 1
            }
            total = (total ?? 0) + unseen
        }
        return total
    }

    /// The names a deck knows item `key`'s photos by: relative paths, or network photo ids.
    public func photoNames(_ key: ItemKey) -> [String] {
        if let index = folders[key] { return index.entries.map(\.relative) }
        return (network[key] ?? []).map(\.id)
    }

    /// The play order of item `key`'s photos as indexes into `photoNames(key)`; nil when not shuffled.
    func arrangement(_ key: ItemKey, names: [String]) -> [Int]? {
        guard let deckName = deckName(key) else { return nil }
        let order = shuffleOrder(key)
        if let cycle = syncCycle { return order.synced(names, cycle: cycle) }
        return (shown[deckName] ?? ShuffleDeck()).arrange(names, order: order)
    }

    /// A folder item's entries in play order.
    func playOrder(_ key: ItemKey, _ index: FolderIndex) -> [FolderEntry] {
        guard deckName(key) != nil else { return index.entries }
        let entries = index.entries
        return arrangement(key, names: entries.map(\.relative))?.map { entries[$0] } ?? entries
    }

    /// A network item's photos in play order.
    func playOrder(_ key: ItemKey) -> [NetworkPhoto] {
        let photos = network[key] ?? []
        guard deckName(key) != nil else { return photos }
        return arrangement(key, names: photos.map(\.id))?.map { photos[$0] } ?? photos
    }

    /// Photos that came to item `key` after it was listed: they play next.
    public mutating func join(_ names: [String], into key: ItemKey) {
        guard syncCycle == nil, let deckName = deckName(key), !names.isEmpty else { return }
        var deck = shown[deckName] ?? ShuffleDeck()
        deck.join(names)
        shown.set(deck, for: deckName)
    }

    /// The show moved to `path`: each shuffled item holding the photo records it in its deck (an
    /// item in several playlists, once). `listed` says whether an item's photos are all listed.
    /// Returns the playlists whose play order changed.
    public mutating func recordShown(_ path: String, listed: (ItemKey) -> Bool) -> Set<String> {
        guard syncCycle == nil else { return [] }
        var recorded: [String: Bool] = [:]
        var changed: Set<String> = []
        for (p, playlist) in document.playlists.enumerated() {
            for i in playlist.items.indices {
                let key = ItemKey(playlist: p, item: i)
                guard let deckName = deckName(key), let name = photoName(of: path, in: key) else { continue }
                if let moved = recorded[deckName] {
                    if moved { changed.insert(playlist.name) }
                    continue
                }
                var deck = shown[deckName] ?? ShuffleDeck()
                // Hidden and failed photos are never shown: the cycle completes without them.
                let skipped = unshowableNames(key)
                let names = skipped.isEmpty ? photoNames(key) : photoNames(key).filter { !skipped.contains($0) }
                let complete = listed(key)
                // Photos gone from the item leave the record, which so stays as large as the item.
                if complete { deck.keepOnly(names) }
                let moved = deck.record(name, of: names, complete: complete, order: shuffleOrder(key))
                shown.set(deck, for: deckName)
                recorded[deckName] = moved
                if moved { changed.insert(playlist.name) }
            }
        }
        return changed
    }

    /// The name of the photo at `path` in item `key`, when it holds it.
    func photoName(of path: String, in key: ItemKey) -> String? {
        switch document.playlists[key.playlist].items[key.item].source {
        case .folder(let folder):
            let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
            guard path.hasPrefix(base) else { return nil }
            let relative = String(path.dropFirst(base.count))
            return folders[key]?.contains(relative) == true ? relative : nil
        case .network:
            return network[key]?.first { $0.path == path }?.id
        case .image:
            return nil
        }
    }

    /// Plays the shuffled items in the order of cycle `cycle` of the synced timeline (nil: the
    /// fair shuffle's own order). Returns whether that changed.
    public mutating func playSynced(cycle: Int?) -> Bool {
        guard syncCycle != cycle else { return false }
        syncCycle = cycle
        return true
    }
}
