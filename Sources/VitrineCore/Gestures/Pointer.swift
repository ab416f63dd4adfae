/// One finger on the screen as a recognizer sees it.
public struct Pointer: Equatable, Sendable {
    public var id: Int
    /// Where it touched down, in output pixels.
    public var start: Point
    public var startTime: ShowTime
    /// Where it is now.
    public var point: Point
    /// Recent positions, newest last, for the velocity.
    var samples: [Sample]

    struct Sample: Equatable, Sendable {
        var time: ShowTime
        var point: Point
    }

    /// How far it is from where it touched down.
    public var translation: Vector { start.vector(to: point) }

    /// Velocity in pixels a second over the last `window` before `time`:
    /// a finger that stopped before lifting has none.
    public func velocity(at time: ShowTime, window: Seconds = Seconds(0.1)) -> Vector {
        let recent = samples.filter { $0.time >= time - window }
        guard let first = recent.first, let last = recent.last, last.time - first.time > Seconds(1e-3) else {
            return .zero
        }
        return first.point.vector(to: last.point) * (1 / (last.time - first.time).value)
    }
}
