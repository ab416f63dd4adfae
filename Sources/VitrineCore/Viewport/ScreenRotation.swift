/// How the whole picture is turned on the panel, clockwise, for screens
/// mounted in portrait or upside down. The show is laid out for the logical
/// (turned) size and the finished frame is rotated onto the panel, so this
/// works where the system cannot rotate the output (KMS/DRM on the console).
public enum ScreenRotation: Int, CaseIterable, Sendable, Codable {
    case none = 0
    case clockwise90 = 90
    case upsideDown = 180
    case clockwise270 = 270

    /// Parses the degrees of `--rotate`: 0, 90, 180 or 270.
    public init?(degrees text: String) {
        guard let value = Int(text), let rotation = ScreenRotation(rawValue: value) else { return nil }
        self = rotation
    }

    /// The angle in degrees, clockwise.
    public var degrees: Int { rawValue }

    /// True when width and height trade places.
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The size the show is laid out for on a panel of `physical` size.
    public func logicalSize(for physical: Size) -> Size {
        swapsAxes ? Size(width: physical.height, height: physical.width) : physical
    }

    /// Where a point of the panel (normalised 0…1, x right, y down, as touch
    /// and mouse report it) lies in the logical picture (normalised 0…1).
    ///
    /// Turning the picture clockwise by 90° sends logical (x, y) to panel
    /// (1 − y, x); this is the inverse of that, and likewise for the others.
    public func logicalPoint(fromPanel x: Double, _ y: Double) -> (x: Double, y: Double) {
        switch self {
        case .none: return (x, y)
        case .clockwise90: return (y, 1 - x)
        case .upsideDown: return (1 - x, 1 - y)
        case .clockwise270: return (1 - y, x)
        }
    }

    /// Where a logical point (normalised) appears on the panel (normalised): the inverse of `logicalPoint`.
    public func panelPoint(fromLogical x: Double, _ y: Double) -> (x: Double, y: Double) {
        switch self {
        case .none: return (x, y)
        case .clockwise90: return (1 - y, x)
        case .upsideDown: return (1 - x, 1 - y)
        case .clockwise270: return (y, 1 - x)
        }
    }

    /// `event` with its panel coordinates mapped to the logical picture; keys pass unchanged.
    /// Wheel deltas keep their sign: turning the wheel zooms the same way whatever the rotation.
    public func logical(_ event: InputEvent) -> InputEvent {
        guard self != .none else { return event }
        var mapped = event
        switch event.kind {
        case .down(let id, let x, let y):
            let p = logicalPoint(fromPanel: x, y)
            mapped.kind = .down(id: id, x: p.x, y: p.y)
        case .move(let id, let x, let y):
            let p = logicalPoint(fromPanel: x, y)
            mapped.kind = .move(id: id, x: p.x, y: p.y)
        case .up(let id, let x, let y):
            let p = logicalPoint(fromPanel: x, y)
            mapped.kind = .up(id: id, x: p.x, y: p.y)
        case .wheel(let x, let y, let dy):
            let p = logicalPoint(fromPanel: x, y)
            mapped.kind = .wheel(x: p.x, y: p.y, dy: dy)
        case .key:
            break
        }
        return mapped
    }
}
