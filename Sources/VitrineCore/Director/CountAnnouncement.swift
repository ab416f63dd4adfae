/// When the log says how many images the show has: once the listing is done, when the count
/// changed since it was last said or a reload just finished. A change of state (the first
/// count, empty or not any more, a reload) is said at once; a number that only moved (photos
/// coming and going in a busy folder) is said as it comes `burst` times, then at most once a
/// `interval`: a day writes at most 1,440 such lines plus the changes of state.
struct CountAnnouncement: Equatable {
    /// Seconds that earn one more line of a count that only moved.
    static let interval = 60.0
    /// Lines of a moving count that may be said at once.
    static let burst = 3.0

    /// The count last said.
    private(set) var said = 0
    /// Lines that may be said now (a token bucket: `burst` at most, one more each `interval`).
    private var budget = CountAnnouncement.burst
    private var budgetAt = MonotonicInstant.distantPast

    /// Whether to say `count` now; when true, it counts as said. `isScanning` is asked last,
    /// only when the count would be said (a feed with network sources works it out from the
    /// mirror's status).
    mutating func shouldSay(
        _ count: Int, reloaded: Bool, now: MonotonicInstant, isScanning: () -> Bool
    ) -> Bool {
        guard count != said || reloaded else { return false }
        if now.seconds.isFinite {
            if budgetAt.seconds.isFinite {
                budget = min(Self.burst, budget + (now - budgetAt).value / Self.interval)
            }
            budgetAt = now
        }
        let changedState = reloaded || (said == 0) != (count == 0)
        guard changedState || budget >= 1, !isScanning() else { return false }
        if !changedState { budget -= 1 }
        said = count
        return true
    }
}
