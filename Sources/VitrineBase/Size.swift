/// A width and height in pixels.
public struct Size: Equatable, Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
    /// Width over height; 1 for a degenerate size.
    public var aspect: Double { height > 0 && width > 0 ? width / height : 1 }
    public var isEmpty: Bool { !(width > 0 && height > 0) }
}
