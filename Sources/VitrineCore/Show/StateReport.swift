/// The show's state as the one-line JSON object `--print-state` prints.
public struct StateReport: Equatable, Sendable {
    public var time: ShowTime
    public var mode: String
    public var index: Int
    public var count: Int
    public var zoom: Double
    public var paused: Bool
    public var transition: (kind: TransitionKind, progress: Double)?
    /// The current slide's file (`"source"` in the JSON).
    public var path: String?
    /// The playlist playing, when the show comes from a playlist file.
    public var playlist: String?
    /// Whether the display is on (off during a scheduled off window).
    public var displayOn = true
    /// What the player did to the display itself (DPMS, backlight, CEC), when it drives any.
    public var power: DisplayPowerReport?
    /// Photos of the playing playlist's shuffled items not yet seen in their cycle; nil without shuffle.
    public var unseen: Int?

    public init(show: Show, at time: ShowTime, mode: String = "attract", zoom: Double = 1) {
        self.time = time
        self.mode = mode
        self.index = show.index
        self.count = show.count
        self.zoom = zoom
        self.paused = show.isPaused
        if let t = show.transition, !t.isFinished(at: time) {
            transition = (t.kind, t.progress(at: time))
        }
        path = show.slides.indices.contains(show.index) ? show.slides[show.index].path : nil
    }

    public static func == (a: StateReport, b: StateReport) -> Bool {
        a.json == b.json
    }

    /// One JSON line, keys in a fixed order.
    public var json: String { output.rendered }

    /// The JSON object.
    public var output: JSONOutput {
        var fields: [(String, JSONOutput)] = [
            ("time", .millionths(time.seconds)),
            ("mode", .string(mode)),
            ("index", .integer(index)),
            ("count", .integer(count)),
            ("zoom", .millionths(zoom)),
            ("paused", .bool(paused)),
            (
                "transition",
                transition.map {
                    .object([("kind", .string($0.kind.rawValue)), ("progress", .millionths($0.progress))])
                }
                    ?? .null
            ),
            ("source", .optional(path)),
            ("playlist", .optional(playlist)),
            ("display", .string(displayOn ? "on" : "off")),
        ]
        if let power { fields.append(("power", power.json)) }
        if let unseen { fields.append(("unseen", .integer(unseen))) }
        return .object(fields)
    }

    /// A number as short text (rounded to millionths), for JSON and messages.
    public static func number(_ value: Double) -> String {
        JSONOutput.millionths(value).rendered
    }
}
