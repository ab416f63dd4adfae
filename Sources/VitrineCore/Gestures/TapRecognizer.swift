/// A single tap: one finger down and up again without wandering past the pan
/// slop, sooner than a long press. Recognised (`ended`) when the finger lifts.
public struct TapRecognizer: GestureRecognizer {
    public private(set) var state: GestureState = .possible
    public private(set) var revision = 0
    /// Where the finger touched down, once recognised.
    public private(set) var location: Point?
    private var tracker: PointerTracker
    /// The tapping finger while it is down.
    private var finger: Int?
    private var downTime: Double = 0

    public init(metrics: GestureMetrics) {
        tracker = PointerTracker(metrics: metrics)
    }

    public var metrics: GestureMetrics {
        get { tracker.metrics }
        set { tracker.metrics = newValue }
    }

    public mutating func handle(_ event: InputEvent) {
        if case .down = event.kind, tracker.isEmpty, state.isTerminal { reset() }
        if let t = event.pointerTime, let due = tracker.effectiveTime(of: t) { advance(to: due) }
        guard let change = tracker.apply(event), state == .possible else { return }
        switch change {
        case .added(let p):
            if finger == nil, tracker.count == 1 {
                finger = p.id
                downTime = p.startTime
            } else {
                state = .failed  // a second finger: not a tap
            }
        case .moved(let p):
            if p.id == finger, p.translation.length > metrics.slop { state = .failed }
        case .removed(let p):
            guard p.id == finger else { return }
            finger = nil
            if p.translation.length > metrics.slop {
                state = .failed
            } else {
                location = p.start
                state = .ended
                revision += 1
            }
        }
    }

    public mutating func advance(to time: Double) {
        guard state == .possible, finger != nil, time - downTime >= metrics.settings.longPressTime else { return }
        state = .failed  // held too long: a long press, not a tap
    }

    public mutating func reject() {
        state = Self.rejected(state)
    }

    public mutating func reset() {
        state = .possible
        location = nil
        finger = nil
        tracker.removeAll()
    }

    public var isConsistent: Bool {
        guard tracker.isConsistent, !state.isActive else { return false }
        if state == .ended, location == nil { return false }
        if state == .possible {
            if let finger { return tracker.pointer(finger) != nil && tracker.count == 1 }
            return tracker.isEmpty
        }
        return true
    }
}

extension InputEvent {
    /// The time of a finger event; nil for keys and the wheel.
    var pointerTime: Double? {
        switch kind {
        case .down, .move, .up: return time
        case .key, .wheel: return nil
        }
    }
}
