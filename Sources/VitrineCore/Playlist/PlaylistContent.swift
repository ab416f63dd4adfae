import Foundation

/// Which item of which playlist of a document.
public struct ItemKey: Hashable, Sendable {
    public var playlist: Int
    public var item: Int

    public init(playlist: Int, item: Int) {
        self.playlist = playlist
        self.item = item
    }
}

/// The files a document's playlists currently hold: each folder item's images
/// in play order, which single images exist, and which files failed to decode.
/// From it come the slide lists the show plays.
public struct PlaylistContent: Sendable {
    public let document: PlaylistDocument
    /// The order and seed of folders that set none and whose playlist sets none.
    public let fallbackOrder: SlideOrder
    public let fallbackSeed: UInt64
    /// Set when the command line gave `--order` or `--seed`: it wins over a playlist's defaults.
    public let forcedOrder: SlideOrder?
    public let forcedSeed: UInt64?
    public private(set) var folders: [ItemKey: FolderIndex] = [:]
    /// Single-image items whose file exists.
    public private(set) var presentImages: Set<String> = []
    /// Files that could not be decoded; left out until they change.
    public private(set) var failed: Set<String> = []
    /// Each network item's mirrored photos, in play order.
    public internal(set) var network: [ItemKey: [NetworkPhoto]] = [:]
    /// The fair shuffle's record of what each shuffled item has shown (`PlaylistContent+Shuffle`).
    public var shown = ShownRecord()
    /// Set while the show is in step with other screens: the cycle its shuffled items play.
    public internal(set) var syncCycle: Int?
    /// `--favour recent`: newer photos come earlier in each shuffled cycle.
    public var favourRecent = false
    /// Paths marked as favourites on the screen: they come earlier in each shuffled cycle
    /// (not in step with other screens, whose order depends on the photos alone).
    public var favourites: Set<String> = []
    /// Paths hidden on the screen: a cycle completes without them.
    public var hidden: Set<String> = []
    /// The frame's day for `memories` items: a wall time and the document's zone.
    public internal(set) var memoriesDay: (now: Date, zone: TimeZone)?
    /// When that day begins and ends in its zone: a time inside it is the same day without a
    /// calendar's reckoning (which the feed would otherwise make at each frame).
    var memoriesDaySpan: DateInterval?

    public init(
        document: PlaylistDocument, fallbackOrder: SlideOrder = .name, fallbackSeed: UInt64 = 0,
        forcedOrder: SlideOrder? = nil, forcedSeed: UInt64? = nil
    ) {
        self.document = document
        self.fallbackOrder = fallbackOrder
        self.fallbackSeed = fallbackSeed
        self.forcedOrder = forcedOrder
        self.forcedSeed = forcedSeed
        for (key, folder) in folderItems {
            let (order, seed) = orderAndSeed(key, folder)
            folders[key] = FolderIndex(order: order, seed: seed)
        }
    }

    /// Every folder item of every playlist.
    public var folderItems: [(key: ItemKey, folder: FolderSource)] {
        var out: [(ItemKey, FolderSource)] = []
        for (p, playlist) in document.playlists.enumerated() {
            for (i, item) in playlist.items.enumerated() {
                if case .folder(let folder) = item.source { out.append((ItemKey(playlist: p, item: i), folder)) }
            }
        }
        return out
    }

    /// Every single-image item's path.
    public var imagePaths: Set<String> {
        var out: Set<String> = []
        for playlist in document.playlists {
            for item in playlist.items {
                if case .image(let path) = item.source { out.insert(path) }
            }
        }
        return out
    }

    /// The order and seed a folder item plays in.
    public func orderAndSeed(_ key: ItemKey, _ folder: FolderSource) -> (SlideOrder, UInt64) {
        let defaults = document.playlists[key.playlist].defaults
        return (
            folder.order ?? forcedOrder ?? defaults.order ?? fallbackOrder,
            folder.seed ?? forcedSeed ?? defaults.seed ?? fallbackSeed
        )
    }

    /// The slides of the playlist called `name`, in play order.
    public func slides(for name: String) -> [Slide] {
        guard let p = document.playlists.firstIndex(where: { $0.name == name }) else { return [] }
        var slides: [Slide] = []
        // On a day with memories they are all a playlist plays; without, its other items.
        if hasMemories(p) {
            for (i, item) in document.playlists[p].items.enumerated() where isMemories(p, i) {
                let key = ItemKey(playlist: p, item: i)
                switch item.source {
                case .folder(let folder):
                    let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
                    for entry in memories(key) where !failed.contains(base + entry.relative) {
                        slides.append(item.slide(base + entry.relative))
                    }
                case .network:
                    for photo in networkMemories(key) where !failed.contains(photo.path) {
                        slides.append(networkSlide(item, photo))
                    }
                case .image: continue
                }
            }
            if !slides.isEmpty { return slides }
        }
        for (i, item) in document.playlists[p].items.enumerated() where !isMemories(p, i) {
            switch item.source {
            case .image(let path):
                if presentImages.contains(path), !failed.contains(path) { slides.append(item.slide(path)) }
            case .folder(let folder):
                guard let index = folders[ItemKey(playlist: p, item: i)] else { continue }
                let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
                slides.reserveCapacity(slides.count + index.count)
                for entry in playOrder(ItemKey(playlist: p, item: i), index) {
                    let path = base + entry.relative
                    if failed.isEmpty || !failed.contains(path) { slides.append(item.slide(path)) }
                }
            case .network:
                for photo in playOrder(ItemKey(playlist: p, item: i)) where !failed.contains(photo.path) {
                    slides.append(networkSlide(item, photo))
                }
            }
        }
        return slides
    }

    /// The slide of network photo `photo` of `item`: the item's caption, else the source's.
    func networkSlide(_ item: PlaylistItem, _ photo: NetworkPhoto) -> Slide {
        var slide = item.slide(photo.path)
        slide.caption = item.caption ?? photo.caption
        slide.title = photo.caption
        slide.taken = photo.taken
        return slide
    }

    /// Names of the playlists whose slides include folder item `key`.
    public func playlistName(of key: ItemKey) -> String { document.playlists[key.playlist].name }

    public mutating func insert(_ entries: [FolderEntry], into key: ItemKey) -> Bool {
        folders[key]?.insert(entries) ?? false
    }

    public mutating func remove(_ relative: String, from key: ItemKey) -> Bool {
        folders[key]?.remove(relative) ?? false
    }

    public mutating func removeAll(under relativeFolder: String, from key: ItemKey) -> Bool {
        folders[key]?.removeAll(under: relativeFolder) ?? false
    }

    /// Records whether a single image's file exists; returns whether that changed.
    public mutating func setImage(_ path: String, present: Bool) -> Bool {
        present ? presentImages.insert(path).inserted : presentImages.remove(path) != nil
    }

    /// A file that failed to decode is left out until it changes.
    public mutating func markFailed(_ path: String) -> Bool { failed.insert(path).inserted }

    /// A changed file gets another chance.
    public mutating func clearFailed(_ path: String) -> Bool { failed.remove(path) != nil }

    /// Files under `folder` are tried again (its file system came back). Returns whether any were failed.
    public mutating func clearFailed(under folder: String) -> Bool {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let cleared = failed.filter { $0.hasPrefix(prefix) }
        failed.subtract(cleared)
        return !cleared.isEmpty
    }

    /// The names of the playlists that show `path` (an image item or inside a folder item).
    public func playlists(showing path: String) -> Set<String> {
        var names: Set<String> = []
        for (p, playlist) in document.playlists.enumerated() {
            for (i, item) in playlist.items.enumerated() {
                switch item.source {
                case .image(let image): if image == path { names.insert(playlist.name) }
                case .folder(let folder):
                    let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
                    if path.hasPrefix(base),
                        folders[ItemKey(playlist: p, item: i)]?.contains(String(path.dropFirst(base.count))) == true
                    {
                        names.insert(playlist.name)
                    }
                case .network:
                    if network[ItemKey(playlist: p, item: i)]?.contains(where: { $0.path == path }) == true {
                        names.insert(playlist.name)
                    }
                }
            }
        }
        return names
    }
}
