import Foundation

/// A slideshow timeline anchored to the wall clock, for screens that change slides together.
///
/// Every screen with the same epoch, slide durations and transition computes the same slide
/// for the same wall time: the position is a pure function of `wall - epoch`, so a screen
/// that starts late, or restarts, joins at the slide the others show.
///
/// Accuracy: the arithmetic is exact to well under a microsecond (Unix seconds held in a
/// `Double` have a resolution of about 0.24 µs today, and the remainder is taken with
/// `truncatingRemainder`, which is exact). What screens see differs by the difference of
/// their clocks (NTP on a LAN keeps this to about 1–10 ms) plus at most one frame, because
/// each screen shows a change at its first frame at or after `nextChange` (16.7 ms at 60 Hz).
/// Two NTP-synced screens at 60 Hz therefore change within one to two frames of each other,
/// and in the same frame when their clocks agree to better than the frame's slack.
public struct SyncTimeline: Equatable, Sendable {
    /// Where a wall time falls on the timeline.
    public struct Position: Equatable, Sendable {
        /// How many times the whole list was played before (negative before the epoch when looping).
        /// A shuffled order can be drawn per cycle from (seed, cycle) and stay the same on every screen.
        public var cycle: Int
        /// The slide shown, counted from 0.
        public var index: Int
        /// How long since this slide's transition in began.
        public var timeInto: Seconds
        /// Progress 0…1 of the transition into this slide while it runs, nil once it is done.
        public var transitionProgress: Double?
        /// Wall time (Unix seconds) at which this slide began, and at which the next one begins
        /// (infinity on the last slide of a timeline that does not loop).
        public var slideStart: Double
        public var nextChange: Double
    }

    /// The shared start, in Unix seconds (the wall instants are counted so, as `Double`, for the
    /// exactness above; `position(at: Date)` takes a wall date).
    public let epoch: Double
    /// How long each slide is shown, transition in included.
    public let durations: [Seconds]
    public let transitionDuration: Seconds
    public let loops: Bool
    /// Where each slide starts, in seconds after the start of a cycle; one more entry: the cycle's length.
    private let starts: [Double]

    /// A timeline of `durations.count` slides; nil when there are none or a duration is not positive.
    public init?(epoch: Double, durations: [Seconds], transitionDuration: Seconds, loops: Bool = true) {
        guard epoch.isFinite, !durations.isEmpty, durations.allSatisfy({ $0.isFinite && $0 > .zero }),
            transitionDuration.isFinite, transitionDuration >= .zero
        else { return nil }
        self.epoch = epoch
        self.durations = durations
        self.transitionDuration = transitionDuration
        self.loops = loops
        var starts = [0.0]
        starts.reserveCapacity(durations.count + 1)
        for duration in durations { starts.append((starts.last ?? 0) + duration.value) }
        self.starts = starts
    }

    /// `count` slides of `interval` each.
    public init?(epoch: Double, interval: Seconds, count: Int, transitionDuration: Seconds, loops: Bool = true) {
        guard count > 0, count <= 10_000_000 else { return nil }
        self.init(
            epoch: epoch, durations: Array(repeating: interval, count: count), transitionDuration: transitionDuration,
            loops: loops)
    }

    public var count: Int { durations.count }
    /// Length of one pass through every slide.
    public var cycleLength: Double { starts[durations.count] }

    /// The position at wall date `wall`.
    public func position(at wall: Date) -> Position { position(at: wall.unixSeconds) }

    /// The slide shown at wall time `wall` (Unix seconds).
    public func position(at wall: Double) -> Position {
        let elapsed = wall - epoch
        let cycleLength = self.cycleLength
        var cycle = 0
        var offset: Double
        if loops {
            offset = elapsed.truncatingRemainder(dividingBy: cycleLength)
            if offset < 0 { offset += cycleLength }
            if offset >= cycleLength { offset = 0 }
            cycle = Int(((elapsed - offset) / cycleLength).rounded())
        } else {
            offset = min(max(elapsed, 0), cycleLength)
        }
        let index = slide(atOffset: offset)
        let cycleStart = wall - offset
        let timeInto = offset - starts[index]
        let isLast = !loops && index == durations.count - 1
        let transition = transitionDuration.value
        let progress: Double? =
            transition > 0 && timeInto < transition && elapsed >= 0
            ? timeInto / transition : nil
        return Position(
            cycle: cycle, index: index, timeInto: Seconds(timeInto), transitionProgress: progress,
            slideStart: cycleStart + starts[index],
            nextChange: isLast ? .infinity : cycleStart + starts[index + 1])
    }

    /// The last slide whose start is at or before `offset` seconds into a cycle.
    private func slide(atOffset offset: Double) -> Int {
        var low = 0
        var high = durations.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
