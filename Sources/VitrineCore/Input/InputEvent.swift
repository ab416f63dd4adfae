/// A timestamped input event, as the core sees it: no SDL, coordinates
/// normalised 0…1 in output space (x right, y down), placed on the show's clock.
public struct InputEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A finger (or the left mouse button, id 0) touched down.
        case down(id: Int, x: Double, y: Double)
        case move(id: Int, x: Double, y: Double)
        case up(id: Int, x: Double, y: Double)
        /// A key was pressed.
        case key(Key)
        /// The wheel turned at a point; positive `dy` is away from the user (zoom in).
        case wheel(x: Double, y: Double, dy: Double)
    }

    /// When it happened, in show time (the engine handles it when its clock gets there).
    public var time: ShowTime
    public var kind: Kind

    public init(time: ShowTime, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}

extension InputEvent {
    /// A key press or a finger (or button) going down: what wakes a dark display.
    public var isPress: Bool {
        switch kind {
        case .down, .key: return true
        default: return false
        }
    }
}
