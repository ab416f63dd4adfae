import Foundation

/// A change the schedule makes to a running show, at a show time.
public struct ProgrammeChange: Equatable, Sendable {
    /// Show time of the change.
    public var time: ShowTime
    /// The playlist from now on, when it changed.
    public var playlist: String?
    /// The display's state from now on, when it changed.
    public var displayOn: Bool?

    public init(time: ShowTime, playlist: String? = nil, displayOn: Bool? = nil) {
        self.time = time
        self.playlist = playlist
        self.displayOn = displayOn
    }
}
