/// A length of time in seconds: how long something lasts or how far apart two instants of
/// the same clock are. The clocks' instants (`MonotonicInstant`, `ShowTime`, a wall `Date`)
/// are apart from it and from each other; `ClockConversions.swift` holds what crosses them.
public struct Seconds: Hashable, Comparable, Sendable, AdditiveArithmetic, CustomStringConvertible {
    public var value: Double

    public init(_ value: Double) { self.value = value }

    public static let zero = Seconds(0)

    public static func + (a: Seconds, b: Seconds) -> Seconds { Seconds(a.value + b.value) }
    public static func - (a: Seconds, b: Seconds) -> Seconds { Seconds(a.value - b.value) }
    public static func < (a: Seconds, b: Seconds) -> Bool { a.value < b.value }
    public static func * (a: Seconds, factor: Double) -> Seconds { Seconds(a.value * factor) }

    public var description: String { "\(value) s" }
}
