import Foundation

/// A playlist file's (or the configuration file's) `display` section as written: when the
/// display is off, what to run when it changes, and which devices the player drives
/// (DPMS, backlight, CEC). `DisplayPower` acts on it.
public struct DisplaySpec: Equatable, Sendable {
    public var off: [TimeWindow] = []
    public var onCommand: HookCommand?
    public var offCommand: HookCommand?
    /// How long a command may run before it is killed.
    public var commandTimeout: Seconds = 10
    /// Minutes a touch wakes the display for; nil means the command line's (default 5).
    public var wakeMinutes: Double?
    /// Whether `commandTimeout` was written (so a configuration file's does not replace it).
    public var timeoutGiven = false
    /// `"dpms"`: whether the player switches its connector's DPMS itself; nil means yes.
    public var dpms: Bool?
    /// `"backlight"`: the backlight device the player sets, nil for none.
    public var backlight: BacklightSpec?
    /// `"dim"`: when the backlight is turned down.
    public var dim: [DimWindow] = []
    /// `"cec"`: HDMI-CEC standby and wake for the TV, nil for none.
    public var cec: CECSpec?
    /// `"presence"`: the display goes off with nobody in the room; nil for no presence sources.
    public var presence: PresenceSpec?

    public init() {}
}
