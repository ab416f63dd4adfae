/// Glenn Fiedler's fixed timestep: frame times go into an accumulator, logic
/// advances in steps of exactly `step` seconds, and a long frame is clamped so
/// that a stall drops time instead of replaying a burst of steps.
///
/// The clock never reads the wall: the caller passes each frame's elapsed time.
public struct FixedStepClock: Sendable {
    /// Seconds per logic step.
    public let step: Double
    /// The longest frame time accepted; anything longer counts as this long.
    public let maxFrame: Double
    /// Logic time: the number of steps taken times `step`.
    public private(set) var stepsTaken: Int = 0
    /// Unconsumed time, always below `step`.
    public private(set) var accumulator: Double = 0

    public init(step: Double = 1.0 / 120.0, maxFrame: Double = 0.25) {
        precondition(step > 0 && maxFrame >= step, "step must be positive and maxFrame at least one step")
        self.step = step
        self.maxFrame = maxFrame
    }

    /// Logic time in seconds.
    public var time: Double { Double(stepsTaken) * step }

    /// Render time: logic time plus the leftover, which the renderer uses to
    /// interpolate between the last step and the next.
    public var renderTime: Double { time + accumulator }

    /// How far between the last and the next step the render time lies, 0…1.
    public var alpha: Double { accumulator / step }

    /// Adds a frame's elapsed seconds and returns the times of the logic steps to run, in order.
    public mutating func advance(by frameTime: Double) -> [Double] {
        let clamped = frameTime.isFinite ? min(max(frameTime, 0), maxFrame) : 0
        accumulator += clamped
        var times: [Double] = []
        // A tiny epsilon keeps 0.1 + 0.1 + … from losing a step to rounding.
        while accumulator + 1e-9 >= step {
            accumulator = max(0, accumulator - step)
            stepsTaken += 1
            times.append(time)
        }
        return times
    }
}
