import Foundation

/// "On this day": a `memories` item plays the photos of its folder taken on the frame's calendar
/// day in earlier years; while a playlist has such photos, they are all it plays, and on a day
/// without any, it plays its other items.
extension PlaylistContent {
    /// Whether item `item` of playlist `p` is a memories item.
    func isMemories(_ p: Int, _ item: Int) -> Bool {
        if case .folder(let folder) = document.playlists[p].items[item].source { return folder.memories }
        return false
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
    public mutating func setMemoriesDay(now: Double, zone: TimeZone) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let day = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: now))
        let old = memoriesDay.map {
            calendar.timeZone = $0.zone
            return calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: $0.now))
        }
        memoriesDay = (now, zone)
        return old != day
    }
}
