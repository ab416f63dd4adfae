import VitrineCore

extension JSONNode {
    /// The number as a whole number (truncated), or nil when it is not a number.
    public var int: Int? { number.map { Int($0) } }
}
