/// A DPMS level of a DRM connector (the values of its "DPMS" property).
public enum DPMSLevel: Int, Sendable, CaseIterable, CustomStringConvertible {
    case on = 0
    case standby = 1
    case suspend = 2
    case off = 3

    public var description: String {
        switch self {
        case .on: return "on"
        case .standby: return "standby"
        case .suspend: return "suspend"
        case .off: return "off"
        }
    }
}

/// Why a display device (a DPMS switch, a backlight) could not be used: one line for the log.
public struct PowerFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// The connector the player drives, as the frame loop reaches it (libdrm on SDL's DRM
/// descriptor in VitrineSDL; a test double in tests). Called on the render thread only.
public protocol DPMSSwitch: AnyObject {
    /// The connector's name, such as HDMI-A-1 or Virtual-1.
    var connector: String { get }
    /// Sets the connector's DPMS property.
    func set(_ level: DPMSLevel) throws(PowerFailure)
    /// The DPMS property as the kernel reports it now; nil when it cannot be read.
    func read() -> DPMSLevel?
}

/// The DPMS side of display power: what was asked, what the connector reports after each
/// switch, and when to try again after a failure (a console switched away is not ours to set).
public struct DPMSPanel: Sendable {
    /// What the player asked last: on or off; nil before the first frame.
    public private(set) var asked: Bool?
    /// What the connector reported after the last switch (read back); nil before any.
    public private(set) var reached: DPMSLevel?
    /// Why the last switch failed, while it has not succeeded since.
    public private(set) var problem: String?
    /// The monotonic time of the last failed try.
    private var failedAt: MonotonicInstant?
    /// How long between two tries while a switch fails.
    public static let retryInterval: Seconds = 5

    public init() {}

    /// The level to set at `now` so that the connector is `on`; nil when nothing is to be done.
    public mutating func want(on: Bool, now: MonotonicInstant) -> DPMSLevel? {
        let level: DPMSLevel = on ? .on : .off
        if asked != on {
            asked = on
            failedAt = nil
            // The first frame of a lit show needs no switch unless the connector is off.
            return level
        }
        if let failedAt, now - failedAt >= Self.retryInterval { return level }
        return nil
    }

    /// Records how a switch to `level` ended: `reported` is the property read back after it.
    /// Returns a line for the log when something is worth saying (a change, a new problem).
    public mutating func finished(
        _ level: DPMSLevel, error: PowerFailure?, reported: DPMSLevel?, now: MonotonicInstant
    ) -> String? {
        if let error {
            failedAt = now
            let line = "DPMS \(level) failed: \(error)"
            guard problem != error.description else { return nil }
            problem = error.description
            return line
        }
        let before = reached
        reached = reported ?? level
        failedAt = nil
        if let reported, reported != level {
            failedAt = now
            let text = "the connector reports DPMS \(reported) after \(level) was set"
            defer { problem = text }
            return problem == text ? nil : "DPMS: " + text
        }
        problem = nil
        return before == reached ? nil : "DPMS \(reached.map(String.init(describing:)) ?? "?") reached"
    }

    /// Whether the panel is dark by DPMS (nothing to present then).
    public var isDark: Bool { reached.map { $0 != .on } ?? false }
}
