/// A single tap: one finger down and up again without wandering past the pan
/// slop, sooner than a long press. Recognised (`ended`) when the finger lifts.
public struct TapRecognizer: SingleFingerRecognizer {
    public private(set) var state: GestureState = .possible
    public private(set) var revision = 0
    /// Where the finger touched down, once recognised.
    public private(set) var location: Point?
    /// The tapping finger.
    var one: SingleFinger

    public init(metrics: GestureMetrics) {
        one = SingleFinger(metrics: metrics)
    }

    public mutating func handle(_ event: InputEvent) {
        restartIfNewTouch(event)
        if let t = event.pointerTime, let due = one.tracker.effectiveTime(of: t) { advance(to: due) }
        guard let change = one.tracker.apply(event), state == .possible else { return }
        switch change {
        case .added(let p):
            if !one.claim(p) { state = .failed }  // a second finger: not a tap
        case .moved(let p):
            if one.wandered(p) { state = .failed }
        case .removed(let p):
            guard one.follows(p) else { return }
            one.release()
            if p.translation.length > metrics.slop {
                state = .failed
            } else {
                location = p.start
                state = .ended
                revision += 1
            }
        }
    }

    public mutating func advance(to time: ShowTime) {
        guard state == .possible, one.id != nil, time - one.downTime >= metrics.settings.longPressTime
        else {
            return
        }
        state = .failed  // held too long: a long press, not a tap
    }

    public mutating func reject() {
        state = Self.rejected(state)
    }

    public mutating func reset() {
        state = .possible
        location = nil
        one.reset()
    }

    public var isConsistent: Bool {
        guard one.tracker.isConsistent, !state.isActive else { return false }
        if state == .ended, location == nil { return false }
        return state != .possible || one.isConsistentWhilePossible
    }
}

extension InputEvent {
    /// The time of a finger event; nil for keys and the wheel.
    var pointerTime: ShowTime? {
        switch kind {
        case .down, .move, .up: return time
        case .key, .wheel: return nil
        }
    }
}
