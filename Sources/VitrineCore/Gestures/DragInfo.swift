import Foundation

/// A drag's values, in output pixels.
public struct DragInfo: Equatable, Sendable {
    /// Where the finger touched down.
    public var start: Point
    /// From the touch-down to where the finger is now.
    public var translation: Vector
    /// Pixels a second over the last tenth of a second (set when it ends).
    public var velocity: Vector

    public init(start: Point, translation: Vector, velocity: Vector = .zero) {
        self.start = start
        self.translation = translation
        self.velocity = velocity
    }

    public var location: Point { start.moved(by: translation) }
}
