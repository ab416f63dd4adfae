/// A recognizer is a pure state machine fed with input events and the passing
/// of time. It has no timers: deadlines (a long press, the wait for a second
/// tap) are checked in `advance(to:)` and at each event.
///
/// A recognizer in a terminal state ignores events until every finger is up;
/// the next touch-down starts it afresh.
public protocol GestureRecognizer: Sendable {
    var state: GestureState { get }
    /// Thresholds and output size; change them only while no finger is down.
    var metrics: GestureMetrics { get set }
    /// Bumped each time the gesture's values change, so a consumer can tell an update.
    var revision: Int { get }
    /// Feeds one event. Keys and wheel turns are ignored.
    mutating func handle(_ event: InputEvent)
    /// Lets time pass without an event, for deadlines.
    mutating func advance(to time: ShowTime)
    /// The arena has chosen another gesture: fail if possible, cancel if in progress.
    mutating func reject()
    /// Forgets everything, fingers included: back to `possible`.
    mutating func reset()
    /// Whether the recognizer's internal invariants hold (for tests and assertions).
    var isConsistent: Bool { get }
}

extension GestureRecognizer {
    /// Fail when still possible, cancel when in progress.
    static func rejected(_ state: GestureState) -> GestureState {
        switch state {
        case .possible: return .failed
        case .began, .changed: return .cancelled
        case .ended, .cancelled, .failed: return state
        }
    }
}
