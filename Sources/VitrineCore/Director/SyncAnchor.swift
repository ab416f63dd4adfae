import Foundation

/// Where a synced show's time meets the wall clock (`anchor`).
/// Made again (re-anchored) when the slides or their timing change, when the wall clock jumps,
/// and when the show comes back to the timeline after browsing, a pause or a remote's move.
struct SyncAnchor: Equatable {
    /// What the timeline was made from; a different one needs a new timeline.
    struct Signature: Equatable {
        var count: Int
        var interval: Seconds
        var transitionDuration: Seconds
        var loop: Bool
        var first: String?
        var last: String?
    }

    var anchor: WallAnchor
    var timeline: SyncTimeline
    var signature: Signature
    /// The frame before: its wall and monotonic times (a clock jump is a difference between the two).
    var lastWall: Date
    var lastMonotonic: MonotonicInstant
    /// Whether the show was off the timeline on purpose then (browsing or paused).
    var wasAway: Bool
    /// The start (wall date) of the last slide checked against the timeline.
    var checkedStart: Date
}
