import Foundation

/// The fair shuffle of one item's photos (`order: shuffle`): every photo is shown once in a
/// cycle before any is shown again, a photo that joins during a cycle comes next, and what was
/// shown in the cycle is kept (as 64-bit keys of the photos' names) so a restart goes on with
/// the photos not yet shown.
///
/// The play order of a cycle is: the photos shown so far in it by this run, in the order they
/// were shown; then those that joined during it, in the order they came; then the rest in the
/// cycle's keyed order (`ShuffleOrder`); then the photo that ended the cycle before, so the
/// cycle's boundary never shows a photo twice in a row; and last the photos shown in this cycle
/// before a restart, so a show that starts from its first slide starts with one not yet shown.
/// The order stays the same while the show follows it; it changes when a photo joins or is shown
/// out of turn, and when a cycle is complete.
public struct ShuffleDeck: Equatable, Sendable {
    /// Cycles completed.
    public private(set) var cycle: Int = 0
    /// The photos shown in this cycle before this run, in the order shown.
    public private(set) var earlier: [UInt64] = []
    /// The photos shown in this cycle by this run, in the order shown.
    public private(set) var recent: [UInt64] = []
    /// Photos that joined during this cycle and are not shown yet, in the order they came.
    public private(set) var joined: [UInt64] = []
    /// The photo that ended the cycle before: it ends this cycle too.
    public private(set) var last: UInt64?
    private var shownSet: Set<UInt64> = []

    public init() {}

    /// The photos shown in this cycle, in the order shown.
    public var shown: [UInt64] { earlier + recent }

    /// A deck as it was saved: what it had shown counts as shown before this run.
    public init(cycle: Int, shown: [UInt64], joined: [UInt64], last: UInt64?) {
        self.cycle = max(0, cycle)
        self.earlier = shown
        self.shownSet = Set(shown)
        self.joined = joined.filter { !shownSet.contains($0) }
        self.last = last
    }

    /// The key a photo is remembered by: stable across runs and seeds.
    public static func key(_ name: String) -> UInt64 { ShuffleKey.key(name, seed: 0x5348_4F57_4E00_0001) }

    /// The play order of `names` (an item's photos, each named once): indexes into `names`.
    public func arrange(_ names: [String], order: ShuffleOrder) -> [Int] {
        var position: [UInt64: Int] = [:]
        position.reserveCapacity(names.count)
        for (i, name) in names.enumerated() { position[Self.key(name)] = i }
        var out: [Int] = []
        out.reserveCapacity(names.count)
        var placed: Set<UInt64> = []
        for key in recent { if let i = position[key], placed.insert(key).inserted { out.append(i) } }
        for key in joined { if let i = position[key], placed.insert(key).inserted { out.append(i) } }
        let earlierSet = Set(earlier)
        let trailing = last.flatMap { placed.contains($0) || earlierSet.contains($0) ? nil : position[$0] }
        if let last { placed.insert(last) }
        let rest = names.indices.filter {
            let key = Self.key(names[$0])
            return !placed.contains(key) && !earlierSet.contains(key)
        }
        out += order.sorted(rest, names: names, cycle: cycle)
        if let trailing { out.append(trailing) }
        for key in earlier { if let i = position[key], placed.insert(key).inserted { out.append(i) } }
        return out
    }

    /// Whether photo `name` was shown in this cycle.
    public func hasShown(_ name: String) -> Bool { shownSet.contains(Self.key(name)) }

    /// Photos that came after the item was listed: they play next, before the rest of the cycle.
    public mutating func join(_ names: [String]) {
        for name in names {
            let key = Self.key(name)
            if !shownSet.contains(key), !joined.contains(key) { joined.append(key) }
        }
    }

    /// Photo `name` is showing. `names` are the item's photos now; `complete` says whether they are
    /// all listed (a cycle ends only then). Returns whether the play order changed: the photo was
    /// shown out of turn, or it completed the cycle and the next one is ordered afresh.
    public mutating func record(_ name: String, of names: [String], complete: Bool, order: ShuffleOrder) -> Bool {
        let key = Self.key(name)
        guard !shownSet.contains(key) else { return false }
        let expected = nextExpected(names, order: order)
        recent.append(key)
        shownSet.insert(key)
        joined.removeAll { $0 == key }
        if complete, names.allSatisfy({ shownSet.contains(Self.key($0)) }) {
            cycle += 1
            earlier = []
            recent = []
            shownSet = []
            joined = []
            last = key
            return true
        }
        return expected != key
    }

    /// The key of the photo the order shows next: the first joined one, else the rest's first.
    private func nextExpected(_ names: [String], order: ShuffleOrder) -> UInt64? {
        var present: Set<UInt64> = []
        present.reserveCapacity(names.count)
        for name in names { present.insert(Self.key(name)) }
        if let key = joined.first(where: { present.contains($0) && !shownSet.contains($0) }) { return key }
        var best: (UInt64, Int)?
        for (i, name) in names.enumerated() {
            let key = Self.key(name)
            guard !shownSet.contains(key), key != last else { continue }
            let rank = order.rank(name, cycle: cycle)
            if let current = best, !order.before(rank, name, than: current.0, names[current.1]) { continue }
            best = (rank, i)
        }
        if let best { return Self.key(names[best.1]) }
        return last.flatMap { present.contains($0) && !shownSet.contains($0) ? $0 : nil }
    }

    /// Forgets the photos of this cycle that are gone, so the record stays as large as the item.
    public mutating func keepOnly(_ names: [String]) {
        let present = Set(names.map(Self.key))
        earlier.removeAll { !present.contains($0) }
        recent.removeAll { !present.contains($0) }
        shownSet = Set(shown)
        joined.removeAll { !present.contains($0) }
    }
}

/// The keyed order of a cycle: a hash of the seed, the cycle and the photo's name, so it is the
/// same on every screen and at every start. With `favourRecent`, newer photos (by their file's
/// time) tend to come earlier in each cycle (a weighted draw, Efraimidis–Spirakis): each is
/// still shown once a cycle, so none is starved. Favourites marked on the screen are drawn the
/// same way with weight 3 (`favouriteWeight`).
public struct ShuffleOrder: Sendable {
    public var seed: UInt64
    /// Each photo's file time when recent photos are favoured; nil otherwise.
    public var times: [String: Date]?
    /// The wall date recency is measured from.
    public var now: Date
    /// The photos marked as favourites (by name): each is drawn with `favouriteWeight`.
    public var favourites: Set<String>?

    /// How much more a favourite weighs in each cycle's draw.
    public static let favouriteWeight = 3.0

    public init(
        seed: UInt64, times: [String: Date]? = nil, now: Date = Date(unixSeconds: 0), favourites: Set<String>? = nil
    ) {
        self.seed = seed
        self.times = times
        self.now = now
        self.favourites = favourites
    }

    /// The seed of cycle `cycle`: the item's own for the first, so its order is the folder's.
    public func cycleSeed(_ cycle: Int) -> UInt64 {
        guard cycle != 0 else { return seed }
        var mix = SeededGenerator(seed: seed ^ UInt64(truncatingIfNeeded: cycle) &* 0x9E37_79B9_7F4A_7C15)
        return mix.next()
    }

    /// A photo's rank in cycle `cycle`: smaller plays earlier.
    public func rank(_ name: String, cycle: Int) -> UInt64 {
        let hash = ShuffleKey.key(name, seed: cycleSeed(cycle))
        guard times != nil || favourites != nil else { return hash }
        var weight = times?[name].map { Self.weight(age: now - $0) } ?? 1
        if favourites?.contains(name) == true { weight *= Self.favouriteWeight }
        // Weighted draw: rank = u^(1/w) taken as -ln(u)/w, mapped back onto 64 bits.
        let u = (Double(hash >> 11) + 0.5) / Double(1 << 53)
        let scaled = -Foundation.log(u) / weight
        return UInt64(min(scaled, 40) / 40 * Double(UInt64.max >> 1))
    }

    /// How much more often a photo comes early: 4× in its first month, 2× in its first year.
    public static func weight(age: Seconds) -> Double {
        if age < Seconds(31 * 86_400) { return 4 }
        if age < Seconds(366 * 86_400) { return 2 }
        return 1
    }

    func before(_ a: UInt64, _ nameA: String, than b: UInt64, _ nameB: String) -> Bool {
        a != b ? a < b : nameA < nameB
    }

    /// `indexes` of `names` in cycle `cycle`'s order.
    public func sorted(_ indexes: [Int], names: [String], cycle: Int) -> [Int] {
        indexes.map { (rank(names[$0], cycle: cycle), $0) }
            .sorted { before($0.0, names[$0.1], than: $1.0, names[$1.1]) }.map(\.1)
    }

    /// The order of `names` in cycle `cycle` of a show in step with other screens: a function of the
    /// seed, the cycle and the set of names only. The photo ranked last in the first cycle ends every
    /// cycle, so the change of cycle never shows one photo twice in a row.
    public func synced(_ names: [String], cycle: Int) -> [Int] {
        guard names.count > 1 else { return Array(names.indices) }
        let first = sorted(Array(names.indices), names: names, cycle: 0)
        guard let pinned = first.last else { return first }
        guard cycle != 0 else { return first }
        return sorted(names.indices.filter { $0 != pinned }, names: names, cycle: cycle) + [pinned]
    }
}
