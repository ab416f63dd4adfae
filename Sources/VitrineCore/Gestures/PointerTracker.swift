/// The fingers down, kept sane whatever the input: times never go backwards
/// (a late event counts at the latest time seen), a touch-down on a finger
/// already down is a move, moves and lifts of unknown fingers are ignored,
/// fingers beyond the limit are ignored, coordinates that are not finite are
/// dropped and far-off ones clamped.
public struct PointerTracker: Equatable, Sendable {
    public private(set) var pointers: [Pointer] = []
    /// The latest event time seen; the floor for the next one.
    public private(set) var time = ShowTime(seconds: -Double.infinity)
    public var metrics: GestureMetrics

    static let maxSamples = 12

    public init(metrics: GestureMetrics) {
        self.metrics = metrics
    }

    public var count: Int { pointers.count }
    public var isEmpty: Bool { pointers.isEmpty }

    public func pointer(_ id: Int) -> Pointer? { pointers.first { $0.id == id } }

    /// The time an event counts at: its own, or the latest seen if it is earlier.
    public mutating func accept(time t: ShowTime) -> ShowTime? {
        guard let effective = effectiveTime(of: t) else { return nil }
        time = effective
        return time
    }

    /// The time an event at `t` would count at, without taking it.
    public func effectiveTime(of t: ShowTime) -> ShowTime? {
        t.seconds.isFinite ? max(time, t) : nil
    }

    /// Applies a finger event; nil when it changes nothing (a key, a wheel, an
    /// unknown finger, a finger too many, a coordinate that is not a number).
    public mutating func apply(_ event: InputEvent) -> PointerChange? {
        let id: Int
        let x: Double
        let y: Double
        let isDown: Bool
        let isUp: Bool
        switch event.kind {
        case .down(let i, let px, let py): (id, x, y, isDown, isUp) = (i, px, py, true, false)
        case .move(let i, let px, let py): (id, x, y, isDown, isUp) = (i, px, py, false, false)
        case .up(let i, let px, let py): (id, x, y, isDown, isUp) = (i, px, py, false, true)
        case .key, .wheel: return nil
        }
        guard x.isFinite, y.isFinite, let t = accept(time: event.time) else { return nil }
        // Far outside the screen is as good as just outside; it keeps the arithmetic finite.
        let point = metrics.pixels(x: min(max(x, -1), 2), y: min(max(y, -1), 2))
        if let i = pointers.firstIndex(where: { $0.id == id }) {
            pointers[i].point = point
            pointers[i].samples.append(Pointer.Sample(time: t, point: point))
            if pointers[i].samples.count > Self.maxSamples { pointers[i].samples.removeFirst() }
            if isUp { return .removed(pointers.remove(at: i)) }
            return .moved(pointers[i])
        }
        guard isDown, pointers.count < metrics.settings.maxPointers else { return nil }
        let pointer = Pointer(
            id: id, start: point, startTime: t, point: point, samples: [Pointer.Sample(time: t, point: point)])
        pointers.append(pointer)
        return .added(pointer)
    }

    /// Forgets every finger (the time floor stays).
    public mutating func removeAll() {
        pointers.removeAll()
    }

    /// The centre of the fingers.
    public var focal: Point {
        guard !pointers.isEmpty else { return .zero }
        let n = Double(pointers.count)
        return Point(
            x: pointers.reduce(0) { $0 + $1.point.x } / n,
            y: pointers.reduce(0) { $0 + $1.point.y } / n)
    }

    /// The fingers' mean distance from their centre (half the distance for two).
    public var span: Double {
        guard !pointers.isEmpty else { return 0 }
        let c = focal
        return pointers.reduce(0) { $0 + $1.point.distance(to: c) } / Double(pointers.count)
    }

    /// Ids unique, within the limit, positions finite.
    public var isConsistent: Bool {
        Set(pointers.map(\.id)).count == pointers.count && pointers.count <= metrics.settings.maxPointers
            && pointers.allSatisfy { $0.point.x.isFinite && $0.point.y.isFinite && $0.samples.count <= Self.maxSamples }
    }
}
