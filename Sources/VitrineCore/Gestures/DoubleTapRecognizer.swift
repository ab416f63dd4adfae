/// Two taps in quick succession at about the same place: the second touches
/// down within `doubleTapTime` of the first lifting and within
/// `doubleTapDistance` of it; each tap is a tap (no wandering, not held).
/// Recognised (`ended`) when the second finger lifts.
///
/// A second tap too far away does not fail the recognizer: it becomes the
/// first tap of a new attempt (`attempt` counts them), as in Flutter's multitap.
public struct DoubleTapRecognizer: GestureRecognizer {
    public private(set) var state: GestureState = .possible
    public private(set) var revision = 0
    /// Where the first tap touched down, once recognised.
    public private(set) var location: Point?
    /// Bumped each time a new first tap starts an attempt.
    public private(set) var attempt = 0
    private var tracker: PointerTracker
    private var phase: Phase = .idle
    private var first: Point = .zero
    private var downTime = ShowTime.zero

    private enum Phase: Equatable, Sendable {
        case idle
        case firstDown(Int)
        case waiting(since: ShowTime)
        case secondDown(Int)
    }

    public init(metrics: GestureMetrics) {
        tracker = PointerTracker(metrics: metrics)
    }

    public var metrics: GestureMetrics {
        get { tracker.metrics }
        set { tracker.metrics = newValue }
    }

    /// Between the two taps: no finger down, waiting for the second.
    public var isWaiting: Bool {
        if state == .possible, case .waiting = phase { return true }
        return false
    }

    /// A first tap has touched down.
    public var isStarted: Bool { state == .possible && phase != .idle }

    public mutating func handle(_ event: InputEvent) {
        if case .down = event.kind, tracker.isEmpty, state.isTerminal { reset() }
        if let t = event.pointerTime, let due = tracker.effectiveTime(of: t) { advance(to: due) }
        guard let change = tracker.apply(event), state == .possible else { return }
        switch (phase, change) {
        case (.idle, .added(let p)):
            startAttempt(p)
        case (.waiting, .added(let p)):
            if p.start.distance(to: first) > metrics.doubleTapDistance {
                startAttempt(p)
            } else {
                phase = .secondDown(p.id)
                downTime = p.startTime
            }
        case (.firstDown, .added), (.secondDown, .added):
            state = .failed  // a second finger
        case (.firstDown(let id), .moved(let p)), (.secondDown(let id), .moved(let p)):
            if p.id == id, p.translation.length > metrics.slop { state = .failed }
        case (.firstDown(let id), .removed(let p)):
            guard p.id == id else { return }
            if p.translation.length > metrics.slop {
                state = .failed
            } else {
                phase = .waiting(since: tracker.time)
            }
        case (.secondDown(let id), .removed(let p)):
            guard p.id == id else { return }
            if p.translation.length > metrics.slop {
                state = .failed
            } else {
                location = first
                state = .ended
                revision += 1
            }
        default:
            break
        }
    }

    private mutating func startAttempt(_ p: Pointer) {
        guard tracker.count == 1 else {
            state = .failed
            return
        }
        attempt += 1
        phase = .firstDown(p.id)
        first = p.start
        downTime = p.startTime
    }

    public mutating func advance(to time: ShowTime) {
        guard state == .possible else { return }
        switch phase {
        case .idle:
            break
        case .firstDown, .secondDown:
            if time - downTime >= metrics.settings.longPressTime { state = .failed }
        case .waiting(let since):
            if time - since > metrics.settings.doubleTapTime { state = .failed }
        }
    }

    public mutating func reject() {
        state = Self.rejected(state)
    }

    public mutating func reset() {
        state = .possible
        location = nil
        phase = .idle
        tracker.removeAll()
    }

    public var isConsistent: Bool {
        guard tracker.isConsistent, !state.isActive else { return false }
        if state == .ended, location == nil { return false }
        guard state == .possible else { return true }
        switch phase {
        case .idle, .waiting: return tracker.isEmpty
        case .firstDown(let id), .secondDown(let id): return tracker.pointer(id) != nil && tracker.count == 1
        }
    }
}
