/// A network source as a playlist item: the source, and the folder semantics the show gives it
/// (which photos, in which order).
public struct NetworkItem: Equatable, Sendable {
    public var source: NetworkSource
    /// Only photos whose name matches one of these are shown; empty means all.
    public var include: [Glob] = []
    /// Photos whose name matches one of these are left out.
    public var exclude: [Glob] = []
    /// nil means the playlist's default order. `name` and `mtime` keep the listing's order.
    public var order: SlideOrder?
    public var seed: UInt64?

    public init(source: NetworkSource) {
        self.source = source
    }

    /// Whether it plays the day's memories (an Immich source with `"memories": true`).
    public var isMemories: Bool {
        if case .immich(let immich) = source { return immich.memories }
        return false
    }

    /// Whether a photo called `name` (the last part of its address, or an Immich asset's id) is shown.
    public func accepts(_ name: String) -> Bool {
        if !include.isEmpty, !include.contains(where: { $0.matches(name) }) { return false }
        return !exclude.contains { $0.matches(name) }
    }
}

/// One mirrored photo of a network item, as the content knows it.
public struct NetworkPhoto: Equatable, Sendable {
    /// The complete, checked file in the cache.
    public var path: String
    /// What globs match: the last part of the photo's address (or an Immich asset's id).
    public var name: String
    /// A stable id of the photo in its source (its address, or the asset id), for shuffling.
    public var id: String
    /// The caption the source gives it (a feed's, an Immich description), if any.
    public var caption: String?
    /// When it was taken, as its source's listing says (an Immich memory's photo), if it does.
    public var taken: TakenDate?

    public init(path: String, name: String, id: String, caption: String? = nil, taken: TakenDate? = nil) {
        self.path = path
        self.name = name
        self.id = id
        self.caption = caption
        self.taken = taken
    }
}
