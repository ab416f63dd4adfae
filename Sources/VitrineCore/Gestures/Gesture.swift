/// The gestures the arena tells apart, in the order it prefers them when two
/// are recognised at once.
public enum GestureKind: String, CaseIterable, Sendable {
    case doubleTap
    case pinch
    case swipe
    case dismiss
    case pan
    case longPress
    case tap
}

/// What the arena reports: the winning gesture's beginning, changes and end.
public enum Gesture: Equatable, Sendable {
    /// A single tap at a point (reported once the double tap has failed).
    case tap(Point)
    /// A double tap at the first tap's point.
    case doubleTap(Point)
    case longPress(GesturePhase, Point)
    /// A free one-finger drag (moving a zoomed image).
    case pan(GesturePhase, DragInfo)
    /// A horizontal drag that pages; `direction` is +1 next, −1 previous, 0 stay (set when it ends).
    case swipe(GesturePhase, DragInfo, direction: Int)
    /// A vertical drag (putting the image away).
    case dismiss(GesturePhase, DragInfo)
    case pinch(GesturePhase, PinchInfo)

    public var kind: GestureKind {
        switch self {
        case .tap: return .tap
        case .doubleTap: return .doubleTap
        case .longPress: return .longPress
        case .pan: return .pan
        case .swipe: return .swipe
        case .dismiss: return .dismiss
        case .pinch: return .pinch
        }
    }

    /// The phase; discrete gestures are reported as ended.
    public var phase: GesturePhase {
        switch self {
        case .tap, .doubleTap: return .ended
        case .longPress(let p, _), .pan(let p, _), .swipe(let p, _, _), .dismiss(let p, _), .pinch(let p, _): return p
        }
    }
}
