/// The resume position of a show: read once at the start (the slide to move
/// to once it is listed), saved when the slide changes, at most every 30 s,
/// and when the show stops.
struct ResumeKeeper {
    private let store: (any PositionStore)?
    private let origin: String
    private let fingerprintExtra: String
    private let seed: UInt64
    private var fingerprint: String
    /// The slide to move to once it is in the slide list: a file, or a network photo by its id.
    private var pending: Pending?
    private enum Pending {
        case file(String)
        case photo(PhotoReference)
    }
    private var lastSave: (source: String?, time: MonotonicInstant) = (nil, .distantPast)

    /// Seconds between two saves of the resume position.
    static let saveInterval = 30.0

    init(store: (any PositionStore)?, setup: DirectorSettings, text: String) {
        self.store = store
        self.origin = setup.origin
        self.fingerprintExtra = setup.fingerprintExtra
        self.seed = setup.seed
        self.fingerprint = ""
        documentChanged(text: text)
    }

    mutating func documentChanged(text: String) {
        fingerprint = ResumePosition.fingerprint(origin + "\n" + fingerprintExtra + "\n" + text)
    }

    /// Reads the saved position; returns a warning for the user when it cannot be used.
    mutating func restore(feed: any ContentFeed, playlist: String, synced: Bool, log: Log) -> String? {
        guard let store else { return nil }
        // In step with other screens, the wall clock says which slide shows.
        guard !synced else { return nil }
        switch store.load() {
        case .none:
            return nil
        case .unusable(let why):
            return "\(why); starting from the first slide"
        case .position(let position):
            guard position.origin == origin else {
                log.info("the saved position is another show's; starting from the first slide")
                return nil
            }
            guard position.fingerprint == fingerprint, position.seed == seed else {
                log.info("the playlist changed since the saved position; starting from the first slide")
                return nil
            }
            guard position.playlist == playlist else { return nil }
            if let photo = position.photo {
                // A network photo: found by its id once its source's mirror lists it.
                pending = .photo(photo)
                log.info("resuming at \(photo.id)")
                return nil
            }
            guard feed.prime(position.path) else {
                return
                    "the saved position points at \(position.path), which is missing; starting from the first slide"
            }
            pending = .file(position.path)
            log.info("resuming at \(position.path)")
            return nil
        }
    }

    /// Moves the engine to the resumed slide once it is listed (or gives up when listing is done).
    mutating func moveToPending(_ engine: inout ShowEngine, feed: any ContentFeed, log: Log) {
        guard let wanted = pending else { return }
        let source: String?
        switch wanted {
        case .file(let path): source = path
        case .photo(let photo): source = feed.path(of: photo)
        }
        guard let source, let index = engine.show.slides.firstIndex(where: { $0.path == source }) else {
            // A network photo still downloading is waited for, even once its listing is done.
            var awaited = false
            if case .photo(let photo) = wanted { awaited = feed.isAwaited(photo) }
            if !feed.isScanning, !awaited {
                pending = nil
                if case .photo(let photo) = wanted {
                    log.info(
                        "the saved position's photo \(photo.id) is no longer listed; starting from the first slide")
                }
            }
            return
        }
        pending = nil
        engine.restart(slides: engine.show.slides, options: engine.show.options, at: engine.time, index: index)
    }

    /// Saves the position when the slide changed and the last save is old enough
    /// (`now` = `.distantFuture` saves at once). Returns a warning when it cannot be saved.
    mutating func save(
        _ engine: ShowEngine, feed: any ContentFeed, programme playlist: String, now: MonotonicInstant, log: Log
    ) -> String? {
        guard let store, pending == nil, let source = engine.currentPath else { return nil }
        guard source != lastSave.source, (now - lastSave.time).value >= Self.saveInterval else { return nil }
        lastSave = (source, now)
        let position = ResumePosition(
            origin: origin, fingerprint: fingerprint, playlist: playlist, path: source,
            index: engine.show.index, seed: seed, photo: feed.photo(at: source))
        do {
            try store.save(position)
            return nil
        } catch {
            return "\(error); the position will not survive a restart"
        }
    }
}
