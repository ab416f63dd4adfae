/// The display's power as asked and as reached, for `--print-state`, the log and remotes.
public struct DisplayPowerReport: Equatable, Sendable {
    /// What the show asks: on or off.
    public var asked = true
    /// The connector's DPMS as read back (`on`, `off`, …), or why the player does not set it.
    public var dpms: String?
    public var connector: String?
    /// The backlight: the device, the value written, its maximum and the level aimed at.
    public var backlight: (device: String, raw: Int, maximum: Int, target: Double)?
    /// Whether the backlight is still fading to its target.
    public var fading = false
    /// One line an adapter: `/dev/cec0: tv standby`, or what went wrong.
    public var cec: [String] = []

    public init() {}

    /// The report without the steps of a fade under way: it changes when a fade begins and ends,
    /// not at every step (what `--print-state` prints a line for).
    public var milestone: String {
        var copy = self
        if fading, let backlight { copy.backlight = (backlight.device, -1, backlight.maximum, backlight.target) }
        return copy.json.rendered
    }

    public static func == (a: DisplayPowerReport, b: DisplayPowerReport) -> Bool {
        a.json == b.json
    }

    public var json: JSONOutput {
        .object([
            ("asked", .string(asked ? "on" : "off")),
            ("dpms", .optional(dpms)),
            ("connector", .optional(connector)),
            (
                "backlight",
                backlight.map {
                    .object([
                        ("device", .string($0.device)), ("brightness", .integer($0.raw)),
                        ("max", .integer($0.maximum)), ("level", .number($0.target)), ("fading", .bool(fading)),
                    ])
                } ?? .null
            ),
            ("cec", .array(cec.map { .string($0) })),
        ])
    }
}
