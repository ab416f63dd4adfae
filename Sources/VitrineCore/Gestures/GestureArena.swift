/// Decides between competing recognizers, after Flutter's gesture arena.
///
/// Every enabled recognizer sees every finger event of a touch sequence (first
/// finger down to last finger up). The first to recognise its gesture wins and
/// the others are rejected, with these rules:
/// - a single tap waits for the double tap to fail (it is held, then reported,
///   or dropped if the double tap succeeds);
/// - a second finger landing before a pan is accepted fails the pan, so the
///   pinch takes it; so does one landing within `secondFingerTime` of the first
///   when a one-finger drag has already begun (the drag is reported cancelled and
///   springs back); later, a pan already accepted keeps its finger and the pinch loses;
/// - a second finger before the long press is due fails the long press;
/// - the swipe (along the paging axis, within `pageAngle`) and the dismiss
///   (across it) pans lock to their axis when the slop is passed, so at most
///   one of them survives, and a drag between the two is neither.
/// Which recognizers take part (`enabled`) changes only between sequences.
public struct GestureArena: Sendable {
    public private(set) var tap: TapRecognizer
    public private(set) var doubleTap: DoubleTapRecognizer
    public private(set) var longPress: LongPressRecognizer
    public private(set) var pan: PanRecognizer
    public private(set) var swipe: SwipeRecognizer
    public private(set) var dismiss: PanRecognizer
    public private(set) var pinch: PinchRecognizer

    /// The recognizers that take part from the next sequence on.
    public var enabled: Set<GestureKind> = Set(GestureKind.allCases)
    /// Thresholds and output size from the next sequence on.
    public var metrics: GestureMetrics
    /// The recognizers still in this sequence.
    public private(set) var active: Set<GestureKind> = []
    /// The gesture that won this sequence.
    public private(set) var winner: GestureKind?
    private var fingers: PointerTracker
    private var held: Held?
    private var reportedRevision = -1
    private var reportedEnd = false
    /// When the first finger of this sequence touched down.
    private var sequenceStart = ShowTime(seconds: -Double.infinity)

    /// A recognised gesture waiting for the one that blocks it to fail.
    private struct Held: Equatable, Sendable {
        var gesture: Gesture
        var attempt: Int
    }

    public init(metrics: GestureMetrics) {
        self.metrics = metrics
        tap = TapRecognizer(metrics: metrics)
        doubleTap = DoubleTapRecognizer(metrics: metrics)
        longPress = LongPressRecognizer(metrics: metrics)
        pan = PanRecognizer(axis: .free, metrics: metrics)
        swipe = SwipeRecognizer(metrics: metrics)
        dismiss = PanRecognizer(axis: .vertical, metrics: metrics)
        pinch = PinchRecognizer(metrics: metrics)
        fingers = PointerTracker(metrics: metrics)
    }

    /// The fingers down.
    public var fingerCount: Int { fingers.count }
    /// Nothing in progress: no finger down, no gesture being recognised, won or held back.
    public var isIdle: Bool { fingers.count == 0 && active.isEmpty && winner == nil && held == nil }

    /// True while a finger is down or a gesture may still be reported (a tap waiting for the double tap).
    public var isBusy: Bool { !fingers.isEmpty || held != nil || doubleTap.isWaiting }

    public func recognizer(_ kind: GestureKind) -> any GestureRecognizer {
        switch kind {
        case .tap: return tap
        case .doubleTap: return doubleTap
        case .longPress: return longPress
        case .pan: return pan
        case .swipe: return swipe
        case .dismiss: return dismiss
        case .pinch: return pinch
        }
    }

    /// Feeds a finger event; returns what the winner did. Keys and the wheel are ignored.
    public mutating func handle(_ event: InputEvent) -> [Gesture] {
        guard let change = fingers.apply(event) else { return [] }
        var out: [Gesture] = []
        if case .added(let p) = change {
            if fingers.count == 1 {
                startSequence()
                sequenceStart = p.startTime
            } else if fingers.count == 2, p.startTime - sequenceStart <= metrics.settings.secondFingerTime {
                out += handOverToPinch(joining: p.id)
            }
        }
        for kind in GestureKind.allCases where active.contains(kind) { perform(.handle(event), on: kind) }
        return out + evaluate()
    }

    /// A second finger landed soon after the first, which is already dragging: fingers
    /// rarely land together, so it is a two-finger gesture after all. The drag is
    /// reported cancelled and the pinch starts from the fingers as they are now.
    private mutating func handOverToPinch(joining id: Int) -> [Gesture] {
        guard let w = winner, [.pan, .swipe, .dismiss].contains(w), enabled.contains(.pinch),
            recognizer(w).state.isActive
        else { return [] }
        var out: [Gesture] = []
        if let g = gesture(w, phase: .cancelled) { out.append(g) }
        for kind in GestureKind.allCases where kind != .pinch { perform(.reset, on: kind) }
        perform(.reset, on: .pinch)
        perform(.metrics(metrics), on: .pinch)
        let size = metrics.output
        for p in fingers.pointers where p.id != id {
            let down = InputEvent(
                time: fingers.time,
                kind: .down(id: p.id, x: p.point.x / size.width, y: p.point.y / size.height))
            perform(.handle(down), on: .pinch)
        }
        active = [.pinch]
        winner = nil
        reportedRevision = -1
        reportedEnd = false
        return out
    }

    /// Lets time pass: a long press may begin, a double tap may fail (and the held tap be reported).
    public mutating func advance(to time: ShowTime) -> [Gesture] {
        guard time.seconds.isFinite else { return [] }
        for kind in GestureKind.allCases where active.contains(kind) { perform(.advance(time), on: kind) }
        return evaluate()
    }

    /// Drops everything (fingers whose lift was lost, a mode change); a gesture
    /// in progress is reported cancelled.
    public mutating func cancelAll() -> [Gesture] {
        var out: [Gesture] = []
        if let w = winner, recognizer(w).state.isActive, let g = gesture(w, phase: .cancelled) { out.append(g) }
        for kind in GestureKind.allCases { perform(.reset, on: kind) }
        fingers.removeAll()
        active = []
        winner = nil
        held = nil
        return out
    }

    private mutating func startSequence() {
        let keepDoubleTap = active.contains(.doubleTap) && doubleTap.isWaiting
        for kind in GestureKind.allCases where !(kind == .doubleTap && keepDoubleTap) {
            perform(.reset, on: kind)
            perform(.metrics(metrics), on: kind)
        }
        fingers.metrics = metrics
        // The dismiss pulls across the paging axis.
        dismiss.axis = metrics.settings.pagingAxis == .vertical ? .horizontal : .vertical
        active = enabled
        if keepDoubleTap { active.insert(.doubleTap) }
        winner = nil
        reportedRevision = -1
        reportedEnd = false
    }

    private mutating func evaluate() -> [Gesture] {
        var out: [Gesture] = []
        if let h = held {
            let sameAttempt = doubleTap.attempt == h.attempt && active.contains(.doubleTap)
            if sameAttempt, doubleTap.state == .ended {
                held = nil  // the double tap wins below
            } else if !sameAttempt || doubleTap.state != .possible {
                out.append(h.gesture)
                held = nil
            }
        }
        guard let w = winner else {
            out += chooseWinner()
            return out
        }
        out += report(w)
        return out
    }

    private mutating func chooseWinner() -> [Gesture] {
        for kind in GestureKind.allCases where active.contains(kind) {
            let state = recognizer(kind).state
            if state == .failed || state == .cancelled {
                active.remove(kind)
                continue
            }
            guard state.isRecognized else { continue }
            if kind == .tap, active.contains(.doubleTap), doubleTap.isStarted {
                // The tap waits for the double tap to fail.
                if let g = gesture(.tap, phase: .ended) { held = Held(gesture: g, attempt: doubleTap.attempt) }
                active.remove(kind)
                continue
            }
            var out: [Gesture] = []
            if let h = held, kind != .doubleTap { out.append(h.gesture) }
            held = nil
            winner = kind
            for other in GestureKind.allCases where other != kind && active.contains(other) {
                perform(.reject, on: other)
            }
            active = [kind]
            return out + report(kind)
        }
        return []
    }

    /// The winner's news since the last report.
    private mutating func report(_ kind: GestureKind) -> [Gesture] {
        let r = recognizer(kind)
        guard !reportedEnd else { return [] }
        var out: [Gesture] = []
        switch kind {
        case .tap, .doubleTap:
            if r.state == .ended, let g = gesture(kind, phase: .ended) {
                out.append(g)
                reportedEnd = true
            }
            return out
        default:
            break
        }
        let fresh = reportedRevision < 0
        if fresh, r.state.isRecognized || r.state == .cancelled, let g = gesture(kind, phase: .began) {
            out.append(g)
        } else if r.state.isActive, r.revision != reportedRevision, let g = gesture(kind, phase: .changed) {
            out.append(g)
        }
        reportedRevision = r.revision
        if r.state == .ended || r.state == .cancelled,
            let g = gesture(kind, phase: r.state == .ended ? .ended : .cancelled)
        {
            out.append(g)
            reportedEnd = true
        }
        return out
    }

    private func gesture(_ kind: GestureKind, phase: GesturePhase) -> Gesture? {
        switch kind {
        case .tap: return tap.location.map { .tap($0) }
        case .doubleTap: return doubleTap.location.map { .doubleTap($0) }
        case .longPress: return longPress.location.map { .longPress(phase, $0) }
        case .pan: return .pan(phase, pan.info)
        case .swipe: return .swipe(phase, swipe.info, direction: swipe.pageDirection)
        case .dismiss: return .dismiss(phase, dismiss.info)
        case .pinch: return .pinch(phase, pinch.info)
        }
    }

    private enum Action {
        case handle(InputEvent)
        case advance(ShowTime)
        case reject
        case reset
        case metrics(GestureMetrics)
    }

    private mutating func perform(_ action: Action, on kind: GestureKind) {
        switch kind {
        case .tap: Self.perform(action, on: &tap)
        case .doubleTap: Self.perform(action, on: &doubleTap)
        case .longPress: Self.perform(action, on: &longPress)
        case .pan: Self.perform(action, on: &pan)
        case .swipe: Self.perform(action, on: &swipe)
        case .dismiss: Self.perform(action, on: &dismiss)
        case .pinch: Self.perform(action, on: &pinch)
        }
    }

    private static func perform<R: GestureRecognizer>(_ action: Action, on r: inout R) {
        switch action {
        case .handle(let event): r.handle(event)
        case .advance(let time): r.advance(to: time)
        case .reject: r.reject()
        case .reset: r.reset()
        case .metrics(let m): r.metrics = m
        }
    }

    /// Every recognizer consistent; the winner takes part; no gesture in
    /// progress once every finger is up.
    public var isConsistent: Bool {
        guard fingers.isConsistent else { return false }
        for kind in GestureKind.allCases {
            let r = recognizer(kind)
            guard r.isConsistent else { return false }
            if fingers.isEmpty, active.contains(kind), r.state.isActive { return false }
        }
        if let w = winner, !active.contains(w) { return false }
        return true
    }
}
