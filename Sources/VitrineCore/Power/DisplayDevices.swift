import Foundation

/// The backlight the player sets itself: a device folder with `brightness` and
/// `max_brightness` files, as under /sys/class/backlight.
public struct BacklightSpec: Equatable, Sendable {
    /// Where the kernel lists backlight devices.
    public static let systemRoot = "/sys/class/backlight"
    /// The folder holding the device folders.
    public var root: String = BacklightSpec.systemRoot
    /// The device folder's name under `root`; nil takes the first there is, by name.
    public var device: String?
    /// The level (0…1 of the device's maximum) while the display is on and no dim window applies.
    public var level: Double = 1
    /// How long a change of level is spread over.
    public var fade: Seconds = 1

    public init() {}
}

/// A stretch of the day when the backlight is turned down to `level`.
public struct DimWindow: Equatable, Sendable {
    public var window: TimeWindow
    /// 0…1 of the device's maximum.
    public var level: Double

    public init(window: TimeWindow, level: Double) {
        self.window = window
        self.level = level
    }
}

/// HDMI-CEC through the kernel's CEC adapters: the TV is told to go to standby or to wake.
public struct CECSpec: Equatable, Sendable {
    /// The adapters to use (`/dev/cec0`); empty means every `/dev/cec*` there is.
    public var devices: [String] = []
    /// How long to wait for the TV to take a message and to answer.
    public var timeout: Seconds = 2
    /// The name the player gives itself on the bus (at most 14 characters).
    public var name: String = "Vitrine"

    public init() {}
}

extension DisplaySpec {
    /// Whether the player sets the connector's DPMS itself (on KMS/DRM); on unless `"dpms": false`.
    public var usesDPMS: Bool { dpms ?? true }

    /// The backlight level the dim windows give at `instant`: the lowest of the windows open
    /// then, else the backlight's own level; nil without a backlight.
    public func backlightLevel(at instant: Date, clock: ZoneClock) -> Double? {
        guard let backlight else { return nil }
        let open = dim.filter { $0.window.contains(instant, in: clock) }.map(\.level)
        return open.min() ?? backlight.level
    }

    /// These settings where this section sets them, `base` (the configuration file's) otherwise.
    public func over(_ base: DisplaySpec) -> DisplaySpec {
        var merged = self
        if off.isEmpty { merged.off = base.off }
        merged.onCommand = onCommand ?? base.onCommand
        merged.offCommand = offCommand ?? base.offCommand
        if !timeoutGiven { merged.commandTimeout = base.commandTimeout }
        merged.wakeMinutes = wakeMinutes ?? base.wakeMinutes
        merged.dpms = dpms ?? base.dpms
        merged.backlight = backlight ?? base.backlight
        if dim.isEmpty { merged.dim = base.dim }
        merged.cec = cec ?? base.cec
        merged.presence = presence ?? base.presence
        merged.timeoutGiven = timeoutGiven || base.timeoutGiven
        return merged
    }
}
