import Foundation

/// One stretch of time with the same state, as `vitrine schedule` prints it.
public struct ScheduleSegment: Equatable, Sendable {
    public var start: Date
    public var end: Date
    public var state: ScheduleState
}
