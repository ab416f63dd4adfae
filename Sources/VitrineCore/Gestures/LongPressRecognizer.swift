/// One finger resting for `longPressTime` without wandering past the pan slop.
/// Begins at that moment (found by `advance(to:)` or the next event), changes
/// as the finger moves, ends when it lifts; a second finger cancels it.
public struct LongPressRecognizer: SingleFingerRecognizer {
    public private(set) var state: GestureState = .possible
    public private(set) var revision = 0
    /// Where the finger is, once begun.
    public private(set) var location: Point?
    /// The resting finger.
    var one: SingleFinger

    public init(metrics: GestureMetrics) {
        one = SingleFinger(metrics: metrics)
    }

    public mutating func handle(_ event: InputEvent) {
        restartIfNewTouch(event)
        // The deadline may have passed before this event: begin first, at the old position.
        if let t = event.pointerTime, let due = one.tracker.effectiveTime(of: t) { advance(to: due) }
        guard let change = one.tracker.apply(event) else { return }
        switch (state, change) {
        case (.possible, .added(let p)):
            if !one.claim(p) { state = .failed }
        case (.possible, .moved(let p)):
            if one.wandered(p) { state = .failed }
        case (.possible, .removed(let p)):
            if one.follows(p) { state = .failed }  // lifted too soon
        case (.began, .added), (.changed, .added):
            state = .cancelled
        case (.began, .moved(let p)), (.changed, .moved(let p)):
            guard one.follows(p) else { return }
            location = p.point
            state = .changed
            revision += 1
        case (.began, .removed(let p)), (.changed, .removed(let p)):
            guard one.follows(p) else { return }
            location = p.point
            state = .ended
            revision += 1
        default:
            break
        }
    }

    public mutating func advance(to time: ShowTime) {
        guard state == .possible, let finger = one.id, let p = one.tracker.pointer(finger),
            time - one.downTime >= metrics.settings.longPressTime
        else { return }
        location = p.point
        state = .began
        revision += 1
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
        guard one.tracker.isConsistent else { return false }
        if state.isRecognized, location == nil { return false }
        if state.isActive { return one.isConsistentWhileActive }
        return state != .possible || one.isConsistentWhilePossible
    }
}
