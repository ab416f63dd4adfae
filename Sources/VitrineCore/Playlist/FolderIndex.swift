import Foundation

/// The images of one folder source, kept in play order as files are found,
/// added and removed, so that a big folder can grow while it plays.
///
/// Orders: `name` sorts path components naturally (`img2` before `img10`, each
/// folder's entries in place, as a walk of the tree meets them); `mtime` oldest
/// first; `shuffle` by a keyed hash of the seed and the path, so the order is
/// repeatable and adding or removing a file leaves the others' order alone.
public struct FolderIndex: Sendable {
    public let order: SlideOrder
    public let seed: UInt64
    public private(set) var entries: [FolderEntry] = []
    private var known: [String: Date] = [:]

    public init(order: SlideOrder, seed: UInt64) {
        self.order = order
        self.seed = seed
    }

    public var count: Int { entries.count }
    public func contains(_ relative: String) -> Bool { known[relative] != nil }

    /// Adds (or updates) entries; returns whether anything changed.
    @discardableResult
    public mutating func insert(_ batch: [FolderEntry]) -> Bool {
        var fresh: [FolderEntry] = []
        var changed = false
        for entry in batch {
            if let old = known[entry.relative] {
                guard old != entry.mtime, order == .mtime else {
                    known[entry.relative] = entry.mtime
                    continue
                }
                remove(entry.relative)
            }
            known[entry.relative] = entry.mtime
            fresh.append(entry)
            changed = true
        }
        guard !fresh.isEmpty else { return changed }
        // Sort the batch, then merge: a walk delivers mostly sorted batches, so this stays linear.
        fresh.sort(by: precedes)
        fresh = fresh.reduce(into: []) { out, e in if out.last?.relative != e.relative { out.append(e) } }
        if let last = entries.last, let first = fresh.first, precedes(last, first) {
            entries += fresh
            return true
        }
        var merged: [FolderEntry] = []
        merged.reserveCapacity(entries.count + fresh.count)
        var i = 0
        var j = 0
        while i < entries.count || j < fresh.count {
            if j == fresh.count || (i < entries.count && precedes(entries[i], fresh[j])) {
                merged.append(entries[i])
                i += 1
            } else {
                merged.append(fresh[j])
                j += 1
            }
        }
        entries = merged
        return true
    }

    /// Removes one file; returns whether it was there.
    @discardableResult
    public mutating func remove(_ relative: String) -> Bool {
        guard let mtime = known.removeValue(forKey: relative) else { return false }
        let probe = FolderEntry(relative: relative, mtime: mtime)
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if precedes(entries[mid], probe) { low = mid + 1 } else { high = mid }
        }
        if low < entries.count, entries[low].relative == relative {
            entries.remove(at: low)
        } else {
            entries.removeAll { $0.relative == relative }
        }
        return true
    }

    /// Removes every file under the folder `relativeFolder` (a folder was deleted or moved away).
    @discardableResult
    public mutating func removeAll(under relativeFolder: String) -> Bool {
        let prefix = relativeFolder.isEmpty ? "" : relativeFolder + "/"
        let gone = known.keys.filter { $0.hasPrefix(prefix) }
        for relative in gone { known[relative] = nil }
        guard !gone.isEmpty else { return false }
        let goneSet = Set(gone)
        entries.removeAll { goneSet.contains($0.relative) }
        return true
    }

    /// Whether `a` plays before `b`.
    public func precedes(_ a: FolderEntry, _ b: FolderEntry) -> Bool {
        switch order {
        case .name:
            return NaturalOrder.pathPrecedes(a.relative, b.relative)
        case .mtime:
            if a.mtime != b.mtime { return a.mtime < b.mtime }
            return NaturalOrder.pathPrecedes(a.relative, b.relative)
        case .shuffle:
            let ka = ShuffleKey.key(a.relative, seed: seed)
            let kb = ShuffleKey.key(b.relative, seed: seed)
            return ka != kb ? ka < kb : a.relative < b.relative
        }
    }
}
