/// The finger a one-finger recognizer (tap, long press, pan) follows: the first one
/// down while no other is, and the pointers it sees.
struct SingleFinger: Sendable {
    var tracker: PointerTracker
    /// The finger followed, while it is down.
    private(set) var id: Int?
    /// When it touched down.
    private(set) var downTime = ShowTime.zero

    init(metrics: GestureMetrics) {
        tracker = PointerTracker(metrics: metrics)
    }

    var metrics: GestureMetrics {
        get { tracker.metrics }
        set { tracker.metrics = newValue }
    }

    /// A finger came down: follows it when it is the first and only one. False means a
    /// second finger joined, which fails a one-finger gesture.
    mutating func claim(_ p: Pointer) -> Bool {
        guard id == nil, tracker.count == 1 else { return false }
        id = p.id
        downTime = p.startTime
        return true
    }

    /// Whether `p` is the finger followed.
    func follows(_ p: Pointer) -> Bool { p.id == id }

    /// Whether the finger followed has moved past the pan slop.
    func wandered(_ p: Pointer) -> Bool { follows(p) && p.translation.length > metrics.slop }

    /// The finger followed lifted.
    mutating func release() { id = nil }

    mutating func reset() {
        id = nil
        tracker.removeAll()
    }

    /// While nothing is recognised: the finger followed is the only one down, or none is.
    var isConsistentWhilePossible: Bool {
        if let id { return tracker.pointer(id) != nil && tracker.count == 1 }
        return tracker.isEmpty
    }

    /// While a gesture is under way: its finger is still down.
    var isConsistentWhileActive: Bool { id.map { tracker.pointer($0) != nil } ?? false }
}

/// A recognizer that follows one finger (tap, long press, pan): its thresholds are its
/// finger's, and a touch-down on an empty screen starts it afresh after it has ended.
protocol SingleFingerRecognizer: GestureRecognizer {
    var one: SingleFinger { get set }
}

extension SingleFingerRecognizer {
    public var metrics: GestureMetrics {
        get { one.metrics }
        set { one.metrics = newValue }
    }

    /// Resets when `event` is the first finger down after the gesture ended, failed or was cancelled.
    mutating func restartIfNewTouch(_ event: InputEvent) {
        if case .down = event.kind, one.tracker.isEmpty, state.isTerminal { reset() }
    }
}
