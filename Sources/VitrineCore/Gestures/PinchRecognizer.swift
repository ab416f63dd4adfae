/// A pinch's values, in output pixels. The image point that was under
/// `startFocal` when the pinch began belongs under `focal` now, scaled by `scale`.
public struct PinchInfo: Equatable, Sendable {
    /// Scale since the pinch began (the fingers' spread over their first spread).
    public var scale: Double
    /// The fingers' centre when the pinch was first anchored.
    public var startFocal: Point
    /// Where that centre has moved to. A finger joining or leaving does not make it jump.
    public var focal: Point
    /// The zoom the pinch asks for: exactly 1 while the spread stays within the
    /// settings' `spreadTolerance` of its start (two fingers scrolling together
    /// are a pan, not a zoom); once it leaves that band, the spread relative to
    /// where it left, so the image does not jump.
    public var zoom: Double

    public init(scale: Double = 1, startFocal: Point = .zero, focal: Point = .zero, zoom: Double = 1) {
        self.scale = scale
        self.startFocal = startFocal
        self.focal = focal
        self.zoom = zoom
    }
}

/// Two or more fingers spreading, closing or moving together. Anchored when a
/// second finger lands, begins once the spread or the centre moves past the pan
/// slop, ends when fewer than two fingers remain. One finger only fails it.
/// Fingers joining or leaving re-anchor it, so the values do not jump (as
/// Flutter's scale recognizer does).
public struct PinchRecognizer: GestureRecognizer {
    public private(set) var state: GestureState = .possible
    public private(set) var revision = 0
    public private(set) var info = PinchInfo()
    private var tracker: PointerTracker
    /// The spread and centre the next change is measured from.
    private var lastSpan: Double = 1
    private var lastFocal: Point = .zero
    private var anchored = false
    /// The scale at which the spread left the tolerance band; nil while it is a pan.
    private var zoomFrom: Double?

    /// Spreads below a pixel would make scales blow up.
    static let minSpan = 1.0

    public init(metrics: GestureMetrics) {
        tracker = PointerTracker(metrics: metrics)
    }

    public var metrics: GestureMetrics {
        get { tracker.metrics }
        set { tracker.metrics = newValue }
    }

    private var span: Double { max(tracker.span, Self.minSpan) }

    public mutating func handle(_ event: InputEvent) {
        if case .down = event.kind, tracker.isEmpty, state.isTerminal { reset() }
        guard let change = tracker.apply(event) else { return }
        let fingersChanged: Bool
        switch change {
        case .added, .removed: fingersChanged = true
        case .moved: fingersChanged = false
        }
        switch state {
        case .possible:
            if tracker.count >= 2 {
                if fingersChanged || !anchored {
                    anchor()
                } else if abs(span - lastSpan) > metrics.slop || tracker.focal.distance(to: lastFocal) > metrics.slop {
                    info.scale = span / lastSpan
                    info.focal = info.startFocal.moved(by: lastFocal.vector(to: tracker.focal))
                    lastSpan = span
                    lastFocal = tracker.focal
                    updateZoom()
                    state = .began
                    revision += 1
                }
            } else if tracker.isEmpty {
                state = .failed  // never two fingers moving
            }
        case .began, .changed:
            if tracker.count < 2 {
                state = .ended
                revision += 1
            } else if fingersChanged {
                lastSpan = span
                lastFocal = tracker.focal
            } else {
                // Bounded so a freak jump cannot make the scale infinite or zero.
                let factor = min(max(span / lastSpan, 0.05), 20)
                info.scale = min(max(info.scale * factor, 1e-3), 1e3)
                info.focal = info.focal.moved(by: lastFocal.vector(to: tracker.focal))
                lastSpan = span
                lastFocal = tracker.focal
                updateZoom()
                state = .changed
                revision += 1
            }
        case .ended, .cancelled, .failed:
            break
        }
    }

    /// Latches the zoom once the spread leaves the tolerance band.
    private mutating func updateZoom() {
        let tolerance = max(0, metrics.settings.spreadTolerance)
        if zoomFrom == nil, abs(info.scale - 1) > tolerance {
            zoomFrom = info.scale > 1 ? 1 + tolerance : max(1 - tolerance, 1e-3)
        }
        info.zoom = zoomFrom.map { min(max(info.scale / $0, 1e-3), 1e3) } ?? 1
    }

    /// Before the pinch begins nothing has been reported, so fingers joining start it afresh.
    private mutating func anchor() {
        info = PinchInfo(scale: 1, startFocal: tracker.focal, focal: tracker.focal)
        zoomFrom = nil
        anchored = true
        lastSpan = span
        lastFocal = tracker.focal
    }

    /// A pinch has no deadline.
    public mutating func advance(to time: ShowTime) {}

    public mutating func reject() {
        state = Self.rejected(state)
    }

    public mutating func reset() {
        state = .possible
        info = PinchInfo()
        zoomFrom = nil
        anchored = false
        tracker.removeAll()
    }

    public var isConsistent: Bool {
        guard tracker.isConsistent, info.scale.isFinite, info.scale > 0, info.zoom.isFinite, info.zoom > 0,
            info.focal.x.isFinite,
            info.focal.y.isFinite
        else { return false }
        return !state.isActive || tracker.count >= 2
    }
}
