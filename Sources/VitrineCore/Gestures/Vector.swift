/// A displacement or a velocity in output pixels (x right, y down).
public struct Vector: Equatable, Sendable {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = Vector(dx: 0, dy: 0)

    public var length: Double { (dx * dx + dy * dy).squareRoot() }

    public static func + (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx + b.dx, dy: a.dy + b.dy) }
    public static func - (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx - b.dx, dy: a.dy - b.dy) }
    public static func * (a: Vector, k: Double) -> Vector { Vector(dx: a.dx * k, dy: a.dy * k) }
}

extension Point {
    /// The displacement from `self` to `other`.
    public func vector(to other: Point) -> Vector { Vector(dx: other.x - x, dy: other.y - y) }

    /// `self` moved by `v`.
    public func moved(by v: Vector) -> Point { Point(x: x + v.dx, y: y + v.dy) }

    public func distance(to other: Point) -> Double { vector(to: other).length }
}
