/// A length of time in seconds: how long something lasts or how far apart two instants of
/// the same clock are. The clocks' instants (`MonotonicInstant`, `ShowTime`, a wall `Date`)
/// are apart from it and from each other; `ClockConversions.swift` (VitrineCore) holds what crosses them.
/// A length written as a literal (`style.interval = 8`) is seconds; a `Double` held in a
/// variable is not, and must say so (`Seconds(x)`).
public struct Seconds: Hashable, Comparable, Sendable, AdditiveArithmetic, CustomStringConvertible,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral
{
    public var value: Double

    public init(_ value: Double) { self.value = value }
    public init(floatLiteral value: Double) { self.value = value }
    public init(integerLiteral value: Int) { self.value = Double(value) }

    public static let zero = Seconds(0)

    /// A length counted in milliseconds (a C library's timeout, a setting given so).
    public init(milliseconds: Double) { self.value = milliseconds / 1000 }
    /// A length counted in nanoseconds (a clock's difference).
    public init(nanoseconds: UInt64) { self.value = Double(nanoseconds) / 1e9 }
    /// The length in milliseconds, for the C calls that count so (`poll`, libcurl, libcec);
    /// each call rounds and bounds it as its argument needs.
    public var milliseconds: Double { value * 1000 }

    public static func + (a: Seconds, b: Seconds) -> Seconds { Seconds(a.value + b.value) }
    public static func - (a: Seconds, b: Seconds) -> Seconds { Seconds(a.value - b.value) }
    public static func < (a: Seconds, b: Seconds) -> Bool { a.value < b.value }
    /// Disfavoured, so that a product of bare literals (`500 * 12.0`) stays a `Double`.
    @_disfavoredOverload
    public static func * (a: Seconds, factor: Double) -> Seconds { Seconds(a.value * factor) }
    /// Longer than any length: "no limit" (`min(length, limit ?? .infinity)`).
    public static let infinity = Seconds(.infinity)
    public var isFinite: Bool { value.isFinite }

    public var description: String { "\(value) s" }
}
