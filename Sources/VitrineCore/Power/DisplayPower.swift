import Foundation

/// What the player does to the display itself, one frame at a time on the render thread:
/// the connector's DPMS (set and read back at once: a cheap ioctl on the window's own DRM
/// descriptor), the backlight stepped towards its level (the writes go to the device's own
/// writer), and the TV told over HDMI-CEC (on the CEC worker). Hook commands stay the
/// director's. Never blocks.
public final class DisplayPower {
    private let devices: DisplayPowerDevices
    private let log: Log
    private var spec: DisplaySpec?
    private var on: Bool?
    /// DPMS: the switch once made, or why there is none (said once).
    private var dpmsSwitch: (any DPMSSwitch)?
    private var dpmsTried = false
    private var panel = DPMSPanel()
    private var backlight: (any BacklightDevice)?
    private var backlightSpec: BacklightSpec?
    private var fade = BacklightFade(level: 1)
    private var written: Int?
    private var backlightProblem: String?
    private var settledLogged = true
    private var cec: (any CECControl)?
    private var cecSpec: CECSpec?
    private var cecSeen = 0
    public private(set) var report = DisplayPowerReport()

    public init(devices: DisplayPowerDevices, log: Log = Log("power")) {
        self.devices = devices
        self.log = log
    }

    /// Whether devices are driven that a resting loop must look at (a backlight's schedule, CEC
    /// replies, DPMS on KMS/DRM): none of them wakes it.
    public var drivesDevices: Bool { backlight != nil || cec != nil || dpmsSwitch != nil }

    /// Whether the panel is dark by DPMS: presenting frames then is useless (and page flips fail).
    public var panelDark: Bool { panel.isDark }

    /// One frame: the display should be `on` (the director's decision); `wall` is schedule time.
    public func frame(on: Bool, spec: DisplaySpec, wall: Date, clock: ZoneClock, now: MonotonicInstant) {
        if spec != self.spec { configure(spec) }
        if on != self.on {
            if self.on != nil { log.info("display power: \(on ? "on" : "off") asked") }
            self.on = on
            report.asked = on
            cec?.turn(on: on)
        }
        stepDPMS(on: on, now: now)
        stepBacklight(on: on, spec: spec, wall: wall, clock: clock, now: now)
        takeCEC()
    }

    /// The show is over: a panel left dark by DPMS is lit again, so the console shows.
    public func finish() {
        guard let dpmsSwitch, panel.isDark else { return }
        do {
            try dpmsSwitch.set(.on)
            log.info("DPMS on again as the player stops")
        } catch {
            log.warning("DPMS on failed as the player stops: \(error)")
        }
    }

    // MARK: Devices

    private func configure(_ spec: DisplaySpec) {
        self.spec = spec
        if spec.usesDPMS, !dpmsTried {
            dpmsTried = true
            switch devices.dpms() {
            case .success(let made):
                dpmsSwitch = made
                report.connector = made.connector
                log.info("DPMS: the player switches connector \(made.connector) itself")
            case .failure(let why):
                report.dpms = "not set: \(why)"
                log.info("DPMS: \(why); display power is left to the display's on/off commands")
            }
        } else if !spec.usesDPMS, dpmsSwitch != nil || !dpmsTried {
            dpmsTried = false
            dpmsSwitch = nil
            report.dpms = "not set (\"dpms\": false)"
            report.connector = nil
        }
        if spec.backlight != backlightSpec {
            backlightSpec = spec.backlight
            backlight = nil
            written = nil
            report.backlight = nil
            if let wanted = spec.backlight {
                switch devices.backlight(wanted) {
                case .success(let device):
                    backlight = device
                    let level = device.maximum > 0 ? Double(device.initial) / Double(device.maximum) : 1
                    fade = BacklightFade(level: level)
                    written = device.initial
                    log.info("backlight \(device.name): \(device.initial)/\(device.maximum) now")
                case .failure(let why):
                    log.warning("backlight not used: \(why)")
                }
            }
        }
        if spec.backlight == nil, !spec.dim.isEmpty {
            log.warning("the display section has dim windows but no backlight; add \"backlight\": true to use them")
        }
        if spec.cec != cecSpec {
            cecSpec = spec.cec
            cec = spec.cec.map { devices.cec($0) }
            report.cec = []
            // A new link hears the current state at once.
            if let cec, let on { cec.turn(on: on) }
        }
    }

    private func stepDPMS(on: Bool, now: MonotonicInstant) {
        guard let dpmsSwitch, let level = panel.want(on: on, now: now) else { return }
        var failure: PowerFailure?
        do {
            try dpmsSwitch.set(level)
        } catch {
            failure = error
        }
        let reported = failure == nil ? dpmsSwitch.read() : nil
        if let line = panel.finished(level, error: failure, reported: reported, now: now) {
            if failure != nil || panel.problem != nil { log.warning(line) } else { log.info(line) }
        }
        report.dpms = panel.problem.map { "failed: \($0)" } ?? panel.reached.map(String.init(describing:))
    }

    private func stepBacklight(on: Bool, spec: DisplaySpec, wall: Date, clock: ZoneClock, now: MonotonicInstant) {
        guard let backlight, let settings = spec.backlight else { return }
        let target = on ? spec.backlightLevel(at: wall, clock: clock) ?? settings.level : 0
        if target != fade.target {
            fade.aim(at: target, now: now, duration: settings.fade)
            settledLogged = false
        }
        let raw = BacklightFade.raw(fade.level(at: now), maximum: backlight.maximum)
        if raw != written {
            backlight.write(raw)
            written = raw
        }
        if !settledLogged, fade.isSettled(at: now) {
            settledLogged = true
            log.info("backlight \(backlight.name): \(raw)/\(backlight.maximum) (level \(StateReport.number(target)))")
        }
        if let problem = backlight.problem, problem != backlightProblem { log.warning("backlight: \(problem)") }
        backlightProblem = backlight.problem
        report.backlight = (backlight.name, raw, backlight.maximum, target)
        report.fading = !fade.isSettled(at: now)
    }

    private func takeCEC() {
        guard let cec else { return }
        let finished = cec.finished
        guard finished.count != cecSeen else { return }
        cecSeen = finished.count
        report.cec = finished.reports.map { "\($0.device): \($0.summary)" }
        if finished.reports.isEmpty { log.warning("CEC: no adapter (/dev/cec*) to tell the TV") }
        for adapter in finished.reports {
            let line =
                "CEC \(adapter.device) (\(adapter.physical)): \(adapter.askedOn == false ? "off" : "on") asked, \(adapter.summary)"
            if adapter.reached || adapter.isTV { log.info(line) } else { log.warning(line) }
        }
    }
}
