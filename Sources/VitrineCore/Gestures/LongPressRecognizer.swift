/// One finger resting for `longPressTime` without wandering past the pan slop.
/// Begins at that moment (found by `advance(to:)` or the next event), changes
/// as the finger moves, ends when it lifts; a second finger cancels it.
public struct LongPressRecognizer: GestureRecognizer {
    public private(set) var state: GestureState = .possible
    public private(set) var revision = 0
    /// Where the finger is, once begun.
    public private(set) var location: Point?
    private var tracker: PointerTracker
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
        // The deadline may have passed before this event: begin first, at the old position.
        if let t = event.pointerTime, let due = tracker.effectiveTime(of: t) { advance(to: due) }
        guard let change = tracker.apply(event) else { return }
        switch (state, change) {
        case (.possible, .added(let p)):
            if finger == nil, tracker.count == 1 {
                finger = p.id
                downTime = p.startTime
            } else {
                state = .failed
            }
        case (.possible, .moved(let p)):
            if p.id == finger, p.translation.length > metrics.slop { state = .failed }
        case (.possible, .removed(let p)):
            if p.id == finger { state = .failed }  // lifted too soon
        case (.began, .added), (.changed, .added):
            state = .cancelled
        case (.began, .moved(let p)), (.changed, .moved(let p)):
            guard p.id == finger else { return }
            location = p.point
            state = .changed
            revision += 1
        case (.began, .removed(let p)), (.changed, .removed(let p)):
            guard p.id == finger else { return }
            location = p.point
            state = .ended
            revision += 1
        default:
            break
        }
    }

    public mutating func advance(to time: Double) {
        guard state == .possible, let finger, let p = tracker.pointer(finger),
            time - downTime >= metrics.settings.longPressTime
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
        finger = nil
        tracker.removeAll()
    }

    public var isConsistent: Bool {
        guard tracker.isConsistent else { return false }
        if state.isRecognized, location == nil { return false }
        if state.isActive { return finger.map { tracker.pointer($0) != nil } ?? false }
        if state == .possible {
            if let finger { return tracker.pointer(finger) != nil && tracker.count == 1 }
            return tracker.isEmpty
        }
        return true
    }
}
