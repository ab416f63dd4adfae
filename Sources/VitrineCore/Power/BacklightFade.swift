/// A backlight level moving to a new one over a time, stepped by the frame loop:
/// the level at a monotonic time, and the whole device value to write for it.
public struct BacklightFade: Equatable, Sendable {
    public private(set) var from: Double
    public private(set) var target: Double
    public private(set) var start: Double
    public private(set) var duration: Double

    /// Resting at `level`.
    public init(level: Double) {
        from = level
        target = level
        start = 0
        duration = 0
    }

    /// The level at `now` (linear in the device's units between the two levels).
    public func level(at now: Double) -> Double {
        guard duration > 0, now < start + duration else { return target }
        let t = max(0, (now - start) / duration)
        return from + (target - from) * t
    }

    /// Whether the fade has reached its target at `now`.
    public func isSettled(at now: Double) -> Bool { level(at: now) == target }

    /// Moves from the level at `now` to `level` over `duration` seconds; nothing when it is the target already.
    public mutating func aim(at level: Double, now: Double, duration: Double) {
        guard level != target else { return }
        from = self.level(at: now)
        target = level
        start = now
        self.duration = max(0, duration)
    }

    /// The device value for `level` (0…1) on a device whose full brightness is `maximum`.
    public static func raw(_ level: Double, maximum: Int) -> Int {
        guard maximum > 0, level.isFinite else { return 0 }
        return min(maximum, max(0, Int((level * Double(maximum)).rounded())))
    }
}
