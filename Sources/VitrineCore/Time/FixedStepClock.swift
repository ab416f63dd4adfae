/// Glenn Fiedler's fixed timestep: frame times go into an accumulator, logic
/// advances in steps of exactly `step`, and a long frame is clamped so
/// that a stall drops time instead of replaying a burst of steps.
///
/// The clock never reads the wall: the caller passes each frame's elapsed time. Its times are
/// show time; its lengths are `Seconds`.
public struct FixedStepClock: Sendable {
    /// The length of one logic step.
    public let step: Seconds
    /// The longest frame time accepted; anything longer counts as this long.
    public let maxFrame: Seconds
    /// Logic time: the number of steps taken times `step`.
    public private(set) var stepsTaken: Int = 0
    /// Unconsumed time, always below `step`.
    public private(set) var accumulator: Seconds = .zero

    public init(step: Seconds = Seconds(1.0 / 120.0), maxFrame: Seconds = Seconds(0.25)) {
        precondition(step.value > 0 && maxFrame >= step, "step must be positive and maxFrame at least one step")
        self.step = step
        self.maxFrame = maxFrame
    }

    /// Logic time: the show time of the last step.
    public var time: ShowTime { ShowTime(seconds: Double(stepsTaken) * step.value) }

    /// Render time: logic time plus the leftover, which the renderer uses to
    /// interpolate between the last step and the next.
    public var renderTime: ShowTime { time + accumulator }

    /// How far between the last and the next step the render time lies, 0…1.
    public var alpha: Double { accumulator.value / step.value }

    /// Adds a frame's elapsed time as `advance(by:)` does (clamped alike) and returns only the show
    /// time of the last step taken, nil when none was: for a caller that has nothing to run in
    /// the steps before it.
    public mutating func advanceToLast(by frameTime: Seconds) -> ShowTime? {
        let elapsed = frameTime.value
        let clamped = elapsed.isFinite ? min(max(elapsed, 0), maxFrame.value) : 0
        accumulator.value += clamped
        // The same tiny epsilon as `advance(by:)`, and the same leftover.
        let steps = Int(((accumulator.value + 1e-9) / step.value).rounded(.down))
        guard steps > 0 else { return nil }
        accumulator.value = max(0, accumulator.value - Double(steps) * step.value)
        stepsTaken += steps
        return time
    }

    /// Adds a frame's elapsed time and returns the show times of the logic steps to run, in order.
    public mutating func advance(by frameTime: Seconds) -> [ShowTime] {
        let elapsed = frameTime.value
        let clamped = elapsed.isFinite ? min(max(elapsed, 0), maxFrame.value) : 0
        accumulator.value += clamped
        var times: [ShowTime] = []
        // A tiny epsilon keeps 0.1 + 0.1 + … from losing a step to rounding.
        while accumulator.value + 1e-9 >= step.value {
            accumulator.value = max(0, accumulator.value - step.value)
            stepsTaken += 1
            times.append(time)
        }
        return times
    }
}
