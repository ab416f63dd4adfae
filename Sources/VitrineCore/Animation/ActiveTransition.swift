/// A transition in progress between two slides.
public struct ActiveTransition: Equatable, Sendable {
    public var kind: TransitionKind
    public var from: Int
    public var to: Int
    /// Show time at which it started.
    public var start: ShowTime
    public var duration: Seconds
    /// +1 when moving forward (incoming from the right or bottom), -1 when moving back.
    public var direction: Int
    /// For `zoom`: the rectangle the incoming slide grows from; nil means centred at 60 %.
    public var sourceRect: Rect?
    /// Show time at which the outgoing slide started coming in (for its dwell motion).
    public var fromSince: ShowTime
    /// The slide shown beside the outgoing one (`--pair`); it goes with it.
    public var fromPartner: Int?

    public init(
        kind: TransitionKind, from: Int, to: Int, start: ShowTime, duration: Seconds, direction: Int,
        sourceRect: Rect? = nil, fromSince: ShowTime = .zero
    ) {
        self.fromSince = fromSince
        self.kind = kind
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
        self.direction = direction
        self.sourceRect = sourceRect
    }

    /// Linear progress at `time`, 0…1.
    public func progress(at time: ShowTime) -> Double {
        guard duration > .zero else { return 1 }
        return min(max((time - start).value / duration.value, 0), 1)
    }

    public func isFinished(at time: ShowTime) -> Bool { time >= start + duration }
}
