/// A drag that pages: a pan locked to the paging axis (horizontal unless the
/// settings say vertical), within `pageAngle` degrees of it, which, when it
/// ends, says whether to go to the next page, the previous one, or stay.
public struct SwipeRecognizer: GestureRecognizer {
    private var pan: PanRecognizer

    public init(metrics: GestureMetrics) {
        pan = PanRecognizer(axis: .horizontal, metrics: metrics)
        configure()
    }

    private mutating func configure() {
        pan.axis = metrics.settings.pagingAxis == .vertical ? .vertical : .horizontal
        pan.maxAngle = metrics.settings.pageAngle
    }

    public var state: GestureState { pan.state }
    public var revision: Int { pan.revision }
    public var info: DragInfo { pan.info }

    public var metrics: GestureMetrics {
        get { pan.metrics }
        set {
            pan.metrics = newValue
            configure()
        }
    }

    /// Once ended: +1 for the next page (dragged or flung to the left, or up in
    /// vertical mode), −1 for the previous, 0 to spring back.
    public var pageDirection: Int {
        guard state == .ended else { return 0 }
        let vertical = metrics.settings.pagingAxis == .vertical
        return Self.pageDirection(
            offset: vertical ? info.translation.dy : info.translation.dx,
            velocity: vertical ? info.velocity.dy : info.velocity.dx,
            span: vertical ? metrics.output.height : metrics.output.width, settings: metrics.settings)
    }

    /// The paging rule: a fling faster than `pageVelocity` spans a second goes
    /// its way; otherwise a release past `pageDistance` of the span pages.
    /// `offset` and `velocity` are along the paging axis, positive to the right (or down).
    public static func pageDirection(offset: Double, velocity: Double, span: Double, settings: GestureSettings)
        -> Int
    {
        if abs(velocity) > settings.pageVelocity * span { return velocity < 0 ? 1 : -1 }
        if abs(offset) > settings.pageDistance * span { return offset < 0 ? 1 : -1 }
        return 0
    }

    public mutating func handle(_ event: InputEvent) { pan.handle(event) }
    public mutating func advance(to time: ShowTime) { pan.advance(to: time) }
    public mutating func reject() { pan.reject() }
    public mutating func reset() { pan.reset() }
    public var isConsistent: Bool { pan.isConsistent }
}
