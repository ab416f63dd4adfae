import Foundation

/// What the fair shuffle has shown: one `ShuffleDeck` per shuffled item, by the item's source (a
/// folder's path, a network source's key), kept in the state folder across restarts. Bounded:
/// at most `maxDecks` decks (the least recently used go first) of at most `maxKeys` keys each.
public struct ShownRecord: Equatable, Sendable {
    public private(set) var decks: [String: ShuffleDeck] = [:]
    /// Sources in the order they were last used, oldest first.
    private var used: [String] = []

    public static let maxDecks = 64
    public static let maxKeys = 200_000

    public init() {}

    public subscript(source: String) -> ShuffleDeck? { decks[source] }

    /// Puts `deck` in place for `source`, keeping the record within its bounds.
    public mutating func set(_ deck: ShuffleDeck, for source: String) {
        var deck = deck
        if deck.shown.count > Self.maxKeys || deck.joined.count > Self.maxKeys {
            deck = ShuffleDeck(
                cycle: deck.cycle, shown: Array(deck.shown.suffix(Self.maxKeys)),
                joined: Array(deck.joined.suffix(Self.maxKeys)), last: deck.last)
        }
        decks[source] = deck
        used.removeAll { $0 == source }
        used.append(source)
        while used.count > Self.maxDecks { decks[used.removeFirst()] = nil }
    }
}

extension ShownRecord: Codable {
    private struct Saved: Codable {
        var source: String
        var cycle: Int
        /// Keys as base64 of little-endian 64-bit words: 8 bytes a photo.
        var shown: String
        var joined: String
        var last: String?
    }

    private enum CodingKeys: String, CodingKey { case version, decks }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let saved = try container.decode([Saved].self, forKey: .decks)
        for entry in saved.suffix(Self.maxDecks) {
            guard let shown = Self.keys(entry.shown), let joined = Self.keys(entry.joined) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .decks, in: container, debugDescription: "keys are not base64")
            }
            let last = entry.last.flatMap(Self.keys)?.first
            set(ShuffleDeck(cycle: entry.cycle, shown: shown, joined: joined, last: last), for: entry.source)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(1, forKey: .version)
        let saved = used.compactMap { source in
            decks[source].map {
                Saved(
                    source: source, cycle: $0.cycle, shown: Self.text($0.shown), joined: Self.text($0.joined),
                    last: $0.last.map { Self.text([$0]) })
            }
        }
        try container.encode(saved, forKey: .decks)
    }

    static func text(_ keys: [UInt64]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(keys.count * 8)
        for key in keys {
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: key >> shift)) }
        }
        return Data(bytes).base64EncodedString()
    }

    static func keys(_ text: String) -> [UInt64]? {
        guard let data = Data(base64Encoded: text), data.count % 8 == 0 else { return nil }
        let bytes = [UInt8](data)
        return stride(from: 0, to: bytes.count, by: 8).map { start in
            (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[start + $1]) << (8 * UInt64($1)) }
        }
    }
}
