/// A backlight level moving to a new one over a time, stepped by the frame loop:
/// the level at a monotonic time, and the whole device value to write for it.
public struct BacklightFade: Equatable, Sendable {
    public private(set) var from: Double
    public private(set) var target: Double
    public private(set) var start: MonotonicInstant
    public private(set) var duration: Seconds

    /// Resting at `level`.
    public init(level: Double) {
        from = level
        target = level
        start = MonotonicInstant(seconds: 0)
        duration = .zero
    }

    /// The level at `now` (linear in the device's units between the two levels).
    public func level(at now: MonotonicInstant) -> Double {
        guard duration > .zero, now < start + duration else { return target }
        let t = max(0, (now - start).value / duration.value)
        return from + (target - from) * t
    }

    /// Whether the fade has reached its target at `now`.
    public func isSettled(at now: MonotonicInstant) -> Bool { level(at: now) == target }

    /// Moves from the level at `now` to `level` over `duration`; nothing when it is the target already.
    public mutating func aim(at level: Double, now: MonotonicInstant, duration: Seconds) {
        guard level != target else { return }
        from = self.level(at: now)
        target = level
        start = now
        self.duration = max(.zero, duration)
    }

    /// The device value for `level` (0…1) on a device whose full brightness is `maximum`.
    public static func raw(_ level: Double, maximum: Int) -> Int {
        guard maximum > 0, level.isFinite else { return 0 }
        return min(maximum, max(0, Int((level * Double(maximum)).rounded())))
    }
}
