import Foundation

/// A zoomed image let go with speed: it keeps moving and slows down
/// exponentially, as in a phone's photo viewer. Each axis is a closed-form
/// function of time, so a frame stays a pure function of time whatever the
/// frame rate. Reaching an edge, the image runs a little past it and springs
/// back; an axis already past its edge when let go springs back to it.
public struct Glide: Equatable, Sendable {
    /// How long the speed takes to fall to 1/e: the travel left is speed × this.
    public static let timeConstant: Seconds = 0.3
    /// How long the overshoot at an edge takes to its peak.
    public static let bounceTime: Seconds = 0.07
    /// The overshoot at an edge saturates at this fraction of the screen's shorter side.
    public static let bounceLimit = 0.1
    /// Motion below this many pixels is over.
    static let restDistance = 0.25

    /// One axis.
    public struct Axis: Equatable, Sendable {
        var start: Double
        var velocity: Double
        var range: ClosedRange<Double>
        /// The overshoot's saturation, in pixels.
        var limit: Double
        /// How long after the start the motion is over.
        public private(set) var duration: Seconds = .zero
        /// How long after the start it reaches the edge, if it does.
        var hit: Seconds?

        init(start: Double, velocity: Double, range: ClosedRange<Double>, limit: Double) {
            self.start = start
            self.range = range
            self.limit = limit
            let v = range.upperBound - range.lowerBound > 1e-9 && velocity.isFinite ? velocity : 0
            self.velocity = v
            let tau = Glide.timeConstant.value
            if !range.contains(start) {
                duration = BrowseView.springDuration
            } else if v != 0 {
                let edge = v > 0 ? range.upperBound : range.lowerBound
                let fraction = (edge - start) / (v * tau)  // of the free travel, to the edge
                if fraction < 1 {
                    let h = Seconds(-tau * log(1 - max(fraction, 0)))
                    hit = h
                    duration = h + Self.bounceDuration(speed: abs(v) * (1 - max(fraction, 0)))
                } else {
                    duration = Seconds(max(0, tau * log(abs(v) * tau / Glide.restDistance)))
                }
            }
        }

        /// How long an overshoot that left the edge at `speed` takes to fall below the rest distance.
        static func bounceDuration(speed: Double) -> Seconds {
            let sigma = Glide.bounceTime.value
            guard speed * sigma > Glide.restDistance else { return .zero }
            // Solve speed · s · e^(−s/σ) = rest for s past the peak by fixed-point iteration.
            var s = sigma * max(1, log(speed * sigma / Glide.restDistance))
            for _ in 0..<12 { s = sigma * log(speed * s / Glide.restDistance) }
            return Seconds(max(s, sigma))
        }

        /// Where the axis is `elapsed` after the start.
        func value(after elapsed: Seconds) -> Double {
            let s = max(0, elapsed.value)
            if s >= duration.value { return rest }
            if !range.contains(start) {
                let edge = min(max(start, range.lowerBound), range.upperBound)
                return start + (edge - start) * Curve.easeOut(s / BrowseView.springDuration.value)
            }
            let tau = Glide.timeConstant.value
            if let hit = hit?.value, s >= hit {
                let edge = velocity > 0 ? range.upperBound : range.lowerBound
                let speed = abs(velocity) * exp(-hit / tau)
                let u = s - hit
                let raw = speed * u * exp(-u / Glide.bounceTime.value)
                // Saturates at `limit`, with the slope of `raw` at the edge so the speed carries on smoothly.
                let over = raw * limit / (raw + limit)
                return edge + (velocity > 0 ? over : -over)
            }
            return start + velocity * tau * (1 - exp(-s / tau))
        }

        /// Where the axis comes to rest: against the edge it reached or sprang back to, or where
        /// the slowing motion fell below the rest distance (within the range, as it never left it).
        var rest: Double {
            if !range.contains(start) { return min(max(start, range.lowerBound), range.upperBound) }
            if hit != nil { return velocity > 0 ? range.upperBound : range.lowerBound }
            let tau = Glide.timeConstant.value
            return min(
                max(start + velocity * tau * (1 - exp(-duration.value / tau)), range.lowerBound), range.upperBound)
        }
    }

    public let scale: Double
    public let startTime: ShowTime
    public let x: Axis
    public let y: Axis

    /// A glide from `center` at `velocity` (pixels a second) at `time`, with the
    /// centre kept in `range` and overshoots saturating at `limit` pixels.
    public init(
        scale: Double, center: Point, velocity: Vector, range: (x: ClosedRange<Double>, y: ClosedRange<Double>),
        limit: Double, at time: ShowTime
    ) {
        self.scale = scale
        startTime = time
        x = Axis(start: center.x, velocity: velocity.dx, range: range.x, limit: limit)
        y = Axis(start: center.y, velocity: velocity.dy, range: range.y, limit: limit)
    }

    /// When the motion is over.
    public var endTime: ShowTime { startTime + max(x.duration, y.duration) }

    public func isFinished(at time: ShowTime) -> Bool { time >= endTime }

    /// The pose at `time`.
    public func pose(at time: ShowTime) -> Viewport.Pose {
        let elapsed = time - startTime
        return Viewport.Pose(scale: scale, center: Point(x: x.value(after: elapsed), y: y.value(after: elapsed)))
    }

    /// Where it comes to rest, within the range.
    public var rest: Viewport.Pose {
        Viewport.Pose(scale: scale, center: Point(x: x.rest, y: y.rest))
    }
}
