/// An axis-aligned rectangle in output pixels.
public struct Rect: Equatable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(origin: Point = .zero, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    public var size: Size { Size(width: width, height: height) }
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// A rectangle of `size` centred on `center`.
    public static func centered(at center: Point, size: Size) -> Rect {
        Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// Scaled about its own centre.
    public func scaled(by factor: Double) -> Rect {
        .centered(at: center, size: Size(width: width * factor, height: height * factor))
    }

    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The parts of `self` not covered by `other`, as at most four disjoint rectangles.
    public func subtracting(_ other: Rect) -> [Rect] {
        guard let cut = intersection(other) else { return isEmpty ? [] : [self] }
        var parts: [Rect] = []
        if cut.minY > minY { parts.append(Rect(x: minX, y: minY, width: width, height: cut.minY - minY)) }
        if maxY > cut.maxY { parts.append(Rect(x: minX, y: cut.maxY, width: width, height: maxY - cut.maxY)) }
        if cut.minX > minX { parts.append(Rect(x: minX, y: cut.minY, width: cut.minX - minX, height: cut.height)) }
        if maxX > cut.maxX { parts.append(Rect(x: cut.maxX, y: cut.minY, width: maxX - cut.maxX, height: cut.height)) }
        return parts
    }

    /// Linear interpolation between two rectangles, `t` in 0…1.
    public static func lerp(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        Rect(
            x: a.x + (b.x - a.x) * t,
            y: a.y + (b.y - a.y) * t,
            width: a.width + (b.width - a.width) * t,
            height: a.height + (b.height - a.height) * t
        )
    }
}
