/// One image found in a folder source.
public struct FolderEntry: Equatable, Sendable {
    /// Path relative to the folder, components separated by `/`.
    public var relative: String
    /// Modification time, seconds since 1970 (used by `mtime` order).
    public var mtime: Double
    /// When the photo was taken (read for `memories` items only).
    public var taken: TakenDate?

    public init(relative: String, mtime: Double, taken: TakenDate? = nil) {
        self.relative = relative
        self.mtime = mtime
        self.taken = taken
    }
}

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
    private var known: [String: Double] = [:]

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

/// Natural order of names, as a file manager shows them: runs of digits compare
/// as numbers (`img-2` before `img-10`), letters without regard to case or accents
/// (`é` next to `e`, not after `z`); names equal in that sense fall back to their
/// bytes, so the order is total. Written here rather than taken from the locale so
/// that it is fast on 50,000 names and the same on every system.
public enum NaturalOrder {
    /// Whether the relative path `a` comes before `b`, component by component.
    public static func pathPrecedes(_ a: String, _ b: String) -> Bool {
        var ia = a.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).makeIterator()
        var ib = b.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).makeIterator()
        while true {
            switch (ia.next(), ib.next()) {
            case (nil, nil): return false
            case (nil, _): return true
            case (_, nil): return false
            case (let x?, let y?):
                let c = compare(x, y)
                if c != 0 { return c < 0 }
            }
        }
    }

    /// Compares two names: negative, zero or positive.
    public static func compare(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Int {
        let x = Array(a)
        let y = Array(b)
        // Names with accents compare by their letters first.
        if x.contains(where: { $0 >= 0x80 }) || y.contains(where: { $0 >= 0x80 }) {
            let folded = compareASCII(unaccented(x), unaccented(y))
            if folded != 0 { return folded }
        }
        return compareASCII(x, y)
    }

    /// The name with its letters' accents taken off (é → e), by canonical decomposition.
    static func unaccented(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self).decomposedStringWithCanonicalMapping
        let marks: ClosedRange<UInt32> = 0x0300...0x036F
        return Array(String(String.UnicodeScalarView(text.unicodeScalars.filter { !marks.contains($0.value) })).utf8)
    }

    private static func compareASCII(_ x: [UInt8], _ y: [UInt8]) -> Int {
        var i = 0
        var j = 0
        func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
        func lower(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c + 32 : c }
        while i < x.count, j < y.count {
            if isDigit(x[i]), isDigit(y[j]) {
                var si = i
                var sj = j
                while si < x.count, x[si] == 48 { si += 1 }
                while sj < y.count, y[sj] == 48 { sj += 1 }
                var ei = si
                var ej = sj
                while ei < x.count, isDigit(x[ei]) { ei += 1 }
                while ej < y.count, isDigit(y[ej]) { ej += 1 }
                if ei - si != ej - sj { return (ei - si) - (ej - sj) }
                for k in 0..<(ei - si) where x[si + k] != y[sj + k] { return Int(x[si + k]) - Int(y[sj + k]) }
                i = ei
                j = ej
                continue
            }
            let cx = lower(x[i])
            let cy = lower(y[j])
            if cx != cy { return Int(cx) - Int(cy) }
            i += 1
            j += 1
        }
        if x.count - i != y.count - j { return (x.count - i) - (y.count - j) }
        // Equal but for case or leading zeros: fall back to the bytes, so the order is total.
        return x.lexicographicallyPrecedes(y) ? -1 : (x == y ? 0 : 1)
    }
}

/// A keyed 64-bit hash (FNV-1a then SplitMix64's finaliser) of a seed and a path:
/// stable across runs and machines, unlike Swift's `Hasher`.
public enum ShuffleKey {
    public static func key(_ text: String, seed: UInt64) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ seed
        for byte in text.utf8 {
            h ^= UInt64(byte)
            h &*= 0x0000_0100_0000_01B3
        }
        h ^= h >> 30
        h &*= 0xBF58_476D_1CE4_E5B9
        h ^= h >> 27
        h &*= 0x94D0_49BB_1331_11EB
        return h ^ (h >> 31)
    }
}
