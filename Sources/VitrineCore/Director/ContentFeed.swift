/// Where a show's slides come from: a playlist document (a file, or the one a
/// command line's SOURCEs make) and the files it currently holds. The director
/// polls it once a frame; it never blocks. Implemented by `PlaylistSession` in
/// VitrineSystem (folders listed and watched off the render thread); tests use
/// a fake one.
public protocol ContentFeed: AnyObject {
    /// The document as last read successfully.
    var document: PlaylistDocument { get }
    /// What the document's items hold now.
    var content: PlaylistContent { get }
    /// Whether a folder is still being listed.
    var isScanning: Bool { get }
    /// Why the document cannot be played at all (a playlist file broken from the start), else nil.
    var problem: StatusScreen? { get }
    /// The text the resume position's fingerprint is taken of (the playlist file's contents).
    var fingerprintText: String { get }
    /// Starts listing and watching.
    func start()
    /// What changed since the last poll, at the monotonic clock's `now`.
    func poll(now: MonotonicInstant) -> SessionUpdate
    /// The slides of a playlist now.
    func slides(for playlist: String) -> [Slide]
    /// A file could not be decoded: left out until it changes.
    func markFailed(_ path: String) -> Set<String>
    /// Puts `path` into the content before a listing reaches it (a resumed position); false when missing.
    func prime(_ path: String) -> Bool
    /// How much of the photo the show waits for has arrived (0…1) while a network source downloads it
    /// and nothing can be shown yet; nil when nothing is awaited.
    var download: Double? { get }
    /// The show moved to the slide of `path`: a network source fetches it first and keeps it longest.
    func showing(_ path: String)
    /// While nothing can be shown: the server of a network source that has no photo yet and why
    /// (its last error, or that it is listing or downloading); nil without such a source.
    var networkWait: (host: String, reason: String)? { get }
    /// The source a slide showing `path` has now, when the same photo changed its file (a network
    /// photo's preview replaced by the full one), so the show stays on it; nil when it did not.
    func successor(of path: String) -> String?
    /// The network photo shown from `path`, by its source and id; nil for a local file.
    func photo(at path: String) -> PhotoReference?
    /// The file the network photo `photo` is shown from now; nil while it is not mirrored.
    func path(of photo: PhotoReference) -> String?
    /// Whether the network photo `photo` is listed by its source and still downloading (a resumed
    /// position waits for it).
    func isAwaited(_ photo: PhotoReference) -> Bool
    /// In step with other screens, shuffled items play cycle `cycle`'s order (nil: the fair
    /// shuffle's own). Returns whether the slides changed.
    func playSynced(cycle: Int?) -> Bool
    /// The slide of `path` was seen (shown, with someone present when presence is watched): the
    /// fair shuffle records it.
    func seen(_ path: String)
    /// The photos of playlist `playlist`'s shuffled items not yet seen in their cycle; nil when
    /// it has no shuffled item.
    func unseenCount(playlist: String) -> Int?
    /// The photos hidden and the favourites (paths), for the shuffle: favourites come earlier in
    /// each cycle, hidden photos do not hold a cycle open.
    func marksChanged(_ marks: PhotoMarks)
    /// The photo at `path` was made a favourite (or no longer one) on the screen: a source that
    /// keeps favourites (Immich) is told.
    func favouriteChanged(_ path: String, _ favourite: Bool)
    /// Seconds until the feed wants a poll though nothing woke a resting loop (a folder being
    /// listed, files being written, network sources); nil when whatever it waits for wakes the
    /// loop (folder events ring it) or nothing can change.
    var nextLook: Double? { get }
}

/// How often a resting loop looks at what cannot wake it.
public enum LookAround {
    public static let seconds = 0.5
}

extension ContentFeed {
    public func successor(of path: String) -> String? { nil }
    public func photo(at path: String) -> PhotoReference? { nil }
    public func path(of photo: PhotoReference) -> String? { nil }
    public func isAwaited(_ photo: PhotoReference) -> Bool { false }
    public func playSynced(cycle: Int?) -> Bool { false }

    /// Local content waits for no server.
    public var networkWait: (host: String, reason: String)? { nil }

    /// Local content downloads nothing.
    public var download: Double? { nil }
    public func showing(_ path: String) {}
    public func seen(_ path: String) {}
    public func unseenCount(playlist: String) -> Int? { nil }
    public func marksChanged(_ marks: PhotoMarks) {}
    public func favouriteChanged(_ path: String, _ favourite: Bool) {}

    /// A feed that cannot wake the loop is looked at a few times a second.
    public var nextLook: Double? { LookAround.seconds }
}

/// Where the resume position is kept (a file in VitrineSystem).
public protocol PositionStore: Sendable {
    func load() -> ResumeLoad
    func save(_ position: ResumePosition) throws(ResumeError)
}

/// The commands run when the display turns on or off (child processes in VitrineSystem).
public protocol DisplayPowerHooks: AnyObject {
    /// The display turned on or off; the command runs off the render thread.
    func displayTurned(on: Bool)
    /// Waits for a command still running (when quitting).
    func waitUntilIdle()
}

/// The parts of the world a director talks to, each behind a protocol.
public struct ShowEnvironment {
    public var feed: any ContentFeed
    public var positions: (any PositionStore)?
    /// The power hooks of a document's display section, nil when it names no command.
    public var powerHooks: (DisplaySpec) -> (any DisplayPowerHooks)?
    /// Where hidden and favourite photos are kept; nil keeps them for this run only.
    public var marks: (any PhotoMarkStore)?

    public init(
        feed: any ContentFeed, positions: (any PositionStore)? = nil,
        powerHooks: @escaping (DisplaySpec) -> (any DisplayPowerHooks)? = { _ in nil },
        marks: (any PhotoMarkStore)? = nil
    ) {
        self.feed = feed
        self.positions = positions
        self.powerHooks = powerHooks
        self.marks = marks
    }
}
