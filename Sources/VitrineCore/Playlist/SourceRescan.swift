/// What the command line's folders hold now, decided from two listings in a
/// row: files already playing stay while they exist; a new file joins only
/// once two listings saw it with the same size and modification time, so a
/// photo still being copied is never shown half-written; a file gone from the
/// listing goes from the show.
public struct SourceRescan: Sendable {
    /// One file of a listing.
    public struct Entry: Equatable, Sendable {
        public var path: String
        public var size: Int
        public var modified: Double

        public init(path: String, size: Int, modified: Double) {
            self.path = path
            self.size = size
            self.modified = modified
        }
    }

    private var previous: [String: Entry] = [:]

    public init() {}

    /// The paths to play, in the listing's order, given what plays now.
    public mutating func settle(_ listing: [Entry], playing: Set<String>) -> [String] {
        defer { previous = Dictionary(listing.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a }) }
        return listing.compactMap { entry in
            if playing.contains(entry.path) { return entry.path }
            guard let before = previous[entry.path], before == entry else { return nil }
            return entry.path
        }
    }
}
