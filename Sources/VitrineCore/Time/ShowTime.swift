/// A time on the show's clock: seconds since the show began, advanced by the engine's fixed
/// steps and held while the show waits for its first image. Transitions, input events and the
/// programme's changes are placed on it; it meets the wall clock only through a `WallAnchor`.
public struct ShowTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since the show began.
    public var seconds: Double

    public init(seconds: Double) { self.seconds = seconds }

    public static let zero = ShowTime(seconds: 0)

    public static func - (a: ShowTime, b: ShowTime) -> Seconds { Seconds(a.seconds - b.seconds) }
    public static func + (a: ShowTime, b: Seconds) -> ShowTime { ShowTime(seconds: a.seconds + b.value) }
    public static func - (a: ShowTime, b: Seconds) -> ShowTime { ShowTime(seconds: a.seconds - b.value) }
    public static func < (a: ShowTime, b: ShowTime) -> Bool { a.seconds < b.seconds }

    public var description: String { "\(seconds) s of show time" }
}
