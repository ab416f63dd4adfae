import Foundation

/// A rule: play `playlist` during `window`; of the rules that match an instant,
/// the one with the highest priority wins, and of equal priorities the one listed first.
public struct ScheduleRule: Equatable, Sendable {
    public var playlist: String
    public var window: TimeWindow
    public var priority: Int

    public init(playlist: String, window: TimeWindow, priority: Int = 0) {
        self.playlist = playlist
        self.window = window
        self.priority = priority
    }
}
