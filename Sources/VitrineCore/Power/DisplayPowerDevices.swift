/// A backlight device (a sysfs folder in VitrineSystem; a folder of plain files in tests).
public protocol BacklightDevice: AnyObject {
    /// The device folder's name (intel_backlight, rpi_backlight, …).
    var name: String { get }
    /// `max_brightness`.
    var maximum: Int { get }
    /// `brightness` when the device was opened.
    var initial: Int { get }
    /// Writes `raw` to `brightness` without blocking the caller; the latest value wins.
    func write(_ raw: Int)
    /// Why the last write failed, nil when it worked (read on the render thread, set by the writer).
    var problem: String? { get }
}

/// The TV behind the HDMI-CEC adapters: told to go on or off, then asked how it is, on a
/// worker thread of its own (VitrineSystem's `CECLink`).
public protocol CECControl: AnyObject {
    /// Tells the TV on every adapter with a live link to go on or off, then asks its power status.
    /// Returns at once.
    func turn(on: Bool)
    /// The reports of the last turn that finished, one an adapter, and a count of turns
    /// finished so far (so a reader sees a new one). Safe from any thread.
    var finished: (count: Int, reports: [CECAdapterReport]) { get }
}

/// How the player reaches the display's devices: each made when the display section asks
/// for it (the DPMS switch from the window, the others from the configuration).
public struct DisplayPowerDevices {
    /// The connector of the window the player draws on, or why there is none (not KMS/DRM).
    public var dpms: () -> Result<any DPMSSwitch, PowerFailure>
    /// The backlight device a spec names, or why it cannot be used.
    public var backlight: (BacklightSpec) -> Result<any BacklightDevice, PowerFailure>
    /// The CEC link for a spec.
    public var cec: (CECSpec) -> any CECControl

    public init(
        dpms: @escaping () -> Result<any DPMSSwitch, PowerFailure> = { .failure(PowerFailure("no display")) },
        backlight: @escaping (BacklightSpec) -> Result<any BacklightDevice, PowerFailure>,
        cec: @escaping (CECSpec) -> any CECControl
    ) {
        self.dpms = dpms
        self.backlight = backlight
        self.cec = cec
    }
}
