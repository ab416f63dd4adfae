/// When the director takes the feed's slide list: at once when the show is empty or the
/// listing is done, a few times a second while folders are listed, and after a reload only
/// once the new feed's listing is done; and when the log says how many images it holds
/// (`CountAnnouncement`: once the listing is done, a reload's end said even unchanged).
///
///     current ──feedChanged──▶ stale ──decide: take──▶ current
///        │                                ▲
///        └──────reloaded──▶ reloading ────┘ (decide: take, after the listing)
struct SlideListing: Equatable {
    enum State: Equatable {
        /// The engine holds the feed's slides.
        case current
        /// The feed's slides changed and the engine has not taken them yet.
        case stale
        /// New settings and content: the slide list is taken once the new feed's listing is done.
        case reloading
    }

    /// What the director does with the slide list this frame.
    enum Decision: Equatable {
        /// Nothing, not even the count: a reload waits for its listing.
        case wait
        /// The slides stay as they are (the count may still be said).
        case keep
        /// Take the feed's slides now; `afterReload` when this ends a reload.
        case take(afterReload: Bool)
    }

    /// Seconds between two takes of the slide list while folders are being listed.
    static let rebuildInterval = 0.5

    private(set) var state = State.current
    private var lastTaken = MonotonicInstant.distantPast
    /// When the count of images is said.
    private(set) var count = CountAnnouncement()

    /// The feed's slides of the playing playlist changed (a reload in progress stays one).
    mutating func feedChanged() {
        if state == .current { state = .stale }
    }

    /// New settings and content arrived.
    mutating func reloaded() { state = .reloading }

    /// The show was restarted from the feed's slides (another playlist): they are current (a
    /// reload in progress still takes the list when its listing is done).
    mutating func restarted() {
        if state == .stale { state = .current }
    }

    /// Decides whether the slides are taken at `now`; a take makes them current.
    mutating func decide(now: MonotonicInstant, isScanning: @autoclosure () -> Bool, isEmpty: Bool) -> Decision {
        let afterReload: Bool
        switch state {
        case .current:
            return .keep
        case .reloading:
            guard !isScanning() || isEmpty else { return .wait }
            afterReload = true
        case .stale:
            guard isEmpty || !isScanning() || (now - lastTaken).value >= Self.rebuildInterval else { return .keep }
            afterReload = false
        }
        state = .current
        lastTaken = now
        return .take(afterReload: afterReload)
    }

    /// Whether to say the show's `images` now (`reloaded`: this take ends a reload); when true,
    /// the count counts as said. `isScanning` is asked only when it would be said.
    mutating func shouldSayCount(
        _ images: Int, reloaded: Bool, now: MonotonicInstant, isScanning: () -> Bool
    ) -> Bool {
        count.shouldSay(images, reloaded: reloaded, now: now, isScanning: isScanning)
    }
}
