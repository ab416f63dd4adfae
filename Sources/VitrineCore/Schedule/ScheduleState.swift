import Foundation

/// What the schedule says at an instant: which playlist plays, and whether the display is on.
public struct ScheduleState: Equatable, Hashable, Sendable {
    public var playlist: String
    public var displayOn: Bool

    public init(playlist: String, displayOn: Bool) {
        self.playlist = playlist
        self.displayOn = displayOn
    }
}
