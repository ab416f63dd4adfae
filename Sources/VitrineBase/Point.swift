/// A point in output pixels (origin top left, y down).
public struct Point: Equatable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public static let zero = Point(x: 0, y: 0)
}
