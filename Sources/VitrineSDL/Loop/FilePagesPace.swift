import VitrineCore

/// When the loop gives back the file pages it touched (`FilePages.giveBack()`): at the first
/// rest after a photo was drawn (the start's pages: relocations, initialisation, the first
/// decode and upload), then at a rest at most every `interval` (an hour), so the pages a feature
/// used once (a web request, a sync) do not stay counted either. At rest only: a transition's
/// frames are not slowed by the faults that bring their pages back.
struct FilePagesPace: Equatable, Sendable {
    static let interval: Seconds = 3600
    private var last: MonotonicInstant?

    /// Whether a give-back is due at monotonic `time`, resting after `frames` frames and
    /// `decodes` images; if so, it counts as done.
    mutating func due(at time: MonotonicInstant, frames: Int, decodes: Int) -> Bool {
        guard frames > 0, decodes > 0 else { return false }
        if let last, time - last < Self.interval, time >= last { return false }
        last = time
        return true
    }
}
