/// A value animated from `from` to `to` between two show times, along a curve.
public struct Tween: Equatable, Sendable {
    public var from: Double
    public var to: Double
    public var start: ShowTime
    public var duration: Seconds
    public var curve: Curve

    public init(from: Double, to: Double, start: ShowTime, duration: Seconds, curve: Curve = .easeInOut) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.curve = curve
    }

    /// Linear progress at `time`, 0 before the start, 1 after the end.
    public func progress(at time: ShowTime) -> Double {
        guard duration.value > 0 else { return time >= start ? 1 : 0 }
        return min(max((time - start).value / duration.value, 0), 1)
    }

    public func value(at time: ShowTime) -> Double {
        from + (to - from) * curve(progress(at: time))
    }

    public func isFinished(at time: ShowTime) -> Bool { time >= start + duration }
}
