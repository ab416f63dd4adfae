import Foundation

/// What a screen reports about itself: published retained on `<base>/state`, served by
/// `GET /api/state`, printed by `vitrine ctl state`. The frame loop fills it from its show;
/// `json` is stable (same value, same bytes), so a publisher can skip repeats.
public struct RemoteState: Equatable, Sendable {
    /// The current slide, counted from 0; nil when there is none.
    public var index: Int?
    public var count: Int = 0
    /// File name (last path component) of the current slide, and the slide's path as the
    /// show knows it (a path, or where a network item was mirrored).
    public var file: String?
    public var path: String?
    public var caption: String?
    /// The playlist playing (nil for plain folders), what was asked (`auto` or a name), and the names there are.
    public var playlist: String?
    public var playlistAsked: String = "auto"
    public var playlists: [String] = []
    /// `attract`, `browse`, … as the show names its modes.
    public var mode: String = "attract"
    /// Whether a user paused the show (a pause while the display is off is the schedule's, not this).
    public var paused: Bool = false
    public var interval: Seconds = 8
    public var transition: String = "fade"
    /// What the display was asked to be, and whether it is lit now.
    public var displayAsked: RemoteCommand.DisplayRequest = .auto
    public var displayLit: Bool = true
    /// What the schedule wants the display to be now, whatever was asked.
    public var displayScheduled: Bool = true
    /// What the player did to the display itself (DPMS, backlight, CEC), when it drives any.
    public var power: DisplayPowerReport?
    /// The next scheduled change (a playlist's name, `display off`, …) and its wall date.
    public var nextChange: String?
    public var nextChangeAt: Date?
    /// The notice on screen, if any, and how long a notice stays when its command gives no time.
    public var notice: String?
    public var noticeSeconds: Seconds = RemoteCommandParser.defaultNoticeSeconds
    /// The last few problems and notices, newest last.
    public var errors: [String] = []
    public var notices: [String] = []
    /// For screens in step: the shared epoch and how far the slide on screen is from where the
    /// timeline puts it (positive: late).
    public var syncEpoch: Date?
    public var syncOffset: Seconds?
    public var version: String = ""
    /// How long since the program started, and when it started (ISO 8601, UTC; set by the remote side).
    public var uptime: Seconds = 0
    public var started: String?
    /// Frames the show has run since it started (their pace shows in two states' difference).
    public var frames: Int = 0
    /// Photos of the playing playlist's shuffled items not yet seen in their cycle; nil without shuffle.
    public var unseen: Int?
    /// With `display.presence`: whether a source says someone is there, and whether the room
    /// has been empty long enough that the display is off for it.
    public var present: Bool?
    public var away: Bool?
    /// Whether the show is held because the display is off (for the schedule or an empty room).
    public var held = false

    public init() {}

    /// True when `other` differs only in `uptime` and `frames` (and the sync offset by under a millisecond),
    /// which change all the time and alone are no reason to publish.
    public func sameExceptUptime(_ other: RemoteState) -> Bool {
        var a = self
        a.uptime = other.uptime
        a.frames = other.frames
        if let mine = syncOffset, let theirs = other.syncOffset, abs((mine - theirs).value) < 0.001 {
            a.syncOffset = theirs
        }
        return a == other
    }

    /// The JSON object, keys in a fixed order.
    public var json: JSONOutput {
        .object([
            ("index", .optional(index)),
            ("count", .integer(count)),
            ("file", .optional(file)),
            ("source", .optional(path)),
            ("caption", .optional(caption)),
            (
                "playlist",
                .object([
                    ("name", .optional(playlist)), ("asked", .string(playlistAsked)),
                    ("names", .array(playlists.map { .string($0) })),
                ])
            ),
            ("mode", .string(mode)),
            ("paused", .bool(paused)),
            ("interval", .number(interval.value)),
            ("transition", .string(transition)),
            (
                "display",
                .object(
                    [
                        ("asked", .string(displayAsked.rawValue)), ("lit", .bool(displayLit)),
                        ("scheduled", .string(displayScheduled ? "on" : "off")),
                    ]
                        + (power.map { [("power", $0.json)] } ?? []))
            ),
            ("schedule", .object([("next", .optional(nextChange)), ("at", .optional(nextChangeAt?.unixSeconds))])),
            ("notice", .optional(notice)),
            ("notice_seconds", .number(noticeSeconds.value)),
            ("errors", .array(errors.map { .string($0) })),
            ("notices", .array(notices.map { .string($0) })),
            (
                "sync",
                syncEpoch.map {
                    .object([("epoch", .number($0.unixSeconds)), ("offset", .optional(syncOffset?.value))])
                } ?? .null
            ),
            ("version", .string(version)),
            ("uptime", .integer(Int(uptime.isFinite ? max(0, uptime.value.rounded(.down)) : 0))),
            ("frames", .integer(frames)),
            ("started", .optional(started)),
            ("unseen", .optional(unseen)),
            (
                "presence",
                present.map {
                    .object([("present", .bool($0)), ("away", .bool(away ?? false)), ("held", .bool(held))])
                } ?? .null
            ),
        ])
    }
}
