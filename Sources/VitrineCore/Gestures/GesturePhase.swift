/// The phase of a continuous gesture, as the arena reports it.
public enum GesturePhase: String, Equatable, Sendable {
    case began
    case changed
    case ended
    case cancelled
}
