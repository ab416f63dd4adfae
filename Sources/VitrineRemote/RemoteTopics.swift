/// The topics of one screen under its base topic.
public struct RemoteTopics: Equatable, Sendable {
    public var base: String

    public init(base: String) {
        self.base = base
    }

    /// Commands in (JSON).
    public var command: String { base + "/cmd" }
    /// A reply to each command (JSON `CommandResult`).
    public var result: String { base + "/cmd/result" }
    /// The screen's `RemoteState`, retained.
    public var state: String { base + "/state" }
    /// `online` or `offline`, retained; `offline` is the last will.
    public var availability: String { base + "/availability" }
    /// A small JPEG of what the screen shows, retained.
    public var frame: String { base + "/frame" }
    /// One JSON message (not retained) each time a photo is shown: Home Assistant's photo-shown event.
    public var shown: String { base + "/shown" }
    /// One JSON message (not retained) each time a photo is hidden, shown again or (un)marked as a favourite.
    public var marked: String { base + "/marked" }

    /// The command topic of a group: one message there moves every screen of the group.
    public static func group(_ name: String) -> String { "vitrine/group/\(name)/cmd" }
}
