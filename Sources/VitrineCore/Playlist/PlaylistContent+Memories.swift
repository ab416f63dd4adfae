import Foundation

/// "On this day": a `memories` item plays the photos of its folder taken on the frame's calendar
/// day in earlier years, and an Immich source with `"memories": true` the photos of the server's
/// memories of that day; while a playlist has such photos, they are all it plays, and on a day
/// without any, it plays its other items.
extension PlaylistContent {
    /// Whether item `item` of playlist `p` is a memories item (a folder's or an Immich server's).
    func isMemories(_ p: Int, _ item: Int) -> Bool {
        switch document.playlists[p].items[item].source {
        case .folder(let folder): return folder.memories
        case .network(let network): return network.isMemories
        case .image: return false
        }
    }

    /// Whether any playlist has an Immich memories source (its listing depends on the day).
    public var hasNetworkMemories: Bool { networkItems.contains { $0.item.isMemories } }

    /// The mirrored photos of Immich memories item `key` taken on this day in an earlier year (a
    /// listing of another day, kept while offline or held, never plays), oldest first.
    func networkMemories(_ key: ItemKey) -> [NetworkPhoto] {
        guard let today = memoriesDay else { return [] }
        let photos = (network[key] ?? []).filter {
            $0.taken?.isThisDay(inEarlierYearAt: today.now, zone: today.zone) == true
        }
        return photos.enumerated().sorted {
            ($0.element.taken?.year ?? 0, $0.offset) < ($1.element.taken?.year ?? 0, $1.offset)
        }.map(\.element)
    }

    /// Whether playlist `p` has a memories item.
    func hasMemories(_ p: Int) -> Bool {
        document.playlists[p].items.indices.contains { isMemories(p, $0) }
    }

    /// The entries of memories item `key` taken on this day in an earlier year, oldest first.
    func memories(_ key: ItemKey) -> [FolderEntry] {
        guard let today = memoriesDay, let index = folders[key] else { return [] }
        return index.entries.filter { $0.taken?.isThisDay(inEarlierYearAt: today.now, zone: today.zone) == true }
            .sorted { ($0.taken?.year ?? 0, $0.relative) < ($1.taken?.year ?? 0, $1.relative) }
    }

    /// The names of the playlists with a memories item (their slides change with the day).
    public var playlistsWithMemories: Set<String> {
        Set(document.playlists.indices.filter(hasMemories).map { document.playlists[$0].name })
    }

    /// The frame's day is the one at `now` in `zone`: returns whether it changed.
    public mutating func setMemoriesDay(now: Date, zone: TimeZone) -> Bool {
        if let span = memoriesDaySpan, memoriesDay?.zone == zone, span.start <= now, now < span.end { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let day = calendar.dateComponents([.year, .month, .day], from: now)
        memoriesDaySpan = calendar.dateInterval(of: .day, for: now)
        let old = memoriesDay.map {
            calendar.timeZone = $0.zone
            return calendar.dateComponents([.year, .month, .day], from: $0.now)
        }
        memoriesDay = (now, zone)
        return old != day
    }
}
