import Foundation

/// A time zone passed around without every caller importing Foundation.
public struct TimeZoneBox: Sendable, Equatable {
    public var zone: TimeZone

    public init(_ zone: TimeZone) {
        self.zone = zone
    }

    public static var current: TimeZoneBox { TimeZoneBox(.current) }
}
