import Foundation
import Testing

@testable import VitrineCore

/// Test double of a DRM connector (the real one needs a KMS/DRM device and its master
/// descriptor, which this machine has not): its DPMS property as a value, and failures on demand.
private final class DPMSSwitchDouble: DPMSSwitch {
    let connector = "HDMI-A-1"
    var property = DPMSLevel.on
    var sets: [DPMSLevel] = []
    var failure: PowerFailure?
    /// A connector that ignores what is set (reads back this level).
    var stuckAt: DPMSLevel?

    func set(_ level: DPMSLevel) throws(PowerFailure) {
        sets.append(level)
        if let failure { throw failure }
        property = stuckAt ?? level
    }

    func read() -> DPMSLevel? { property }
}

/// Test double of a backlight device: every value written, in order (the real sysfs device is
/// tested in VitrineSystemTests on a folder of plain files).
private final class BacklightDouble: BacklightDevice {
    let name = "panel0"
    let maximum = 100
    let initial: Int
    var writes: [Int] = []
    var problem: String?

    init(initial: Int) {
        self.initial = initial
    }

    func write(_ raw: Int) { writes.append(raw) }
}

/// Test double of the CEC worker: records the turns and finishes them when told.
private final class CECControlDouble: CECControl {
    var turns: [Bool] = []
    var finished: (count: Int, reports: [CECAdapterReport]) = (0, [])

    func turn(on: Bool) { turns.append(on) }

    func finish(_ status: CECPowerStatus) {
        var turn = CECTurn(
            on: turns.last ?? true, device: "/dev/cec0", physical: CECPhysicalAddress(value: 0x1000), logical: 4)
        turn.answered(.reportPowerStatus(from: 0, to: 4, status), within: 2)
        finished = (finished.count + 1, [turn.report])
    }
}

@Suite struct DisplayPowerDriverTests {
    private let clock = ZoneClock(TimeZone(identifier: "UTC") ?? .gmt)
    private let evening = Date(timeIntervalSince1970: 1_780_000_000)

    private func spec(backlight: Bool = false, cec: Bool = false, dpms: Bool? = nil) -> DisplaySpec {
        var spec = DisplaySpec()
        spec.dpms = dpms
        if backlight {
            var settings = BacklightSpec()
            settings.level = 0.8
            settings.fade = 1
            spec.backlight = settings
        }
        if cec { spec.cec = CECSpec() }
        return spec
    }

    @Test func dpmsGoesOffAndComesBackAndTheStateReachedIsReported() {
        let connector = DPMSSwitchDouble()
        let power = DisplayPower(
            devices: DisplayPowerDevices(
                dpms: { .success(connector) }, backlight: { _ in .failure(PowerFailure("none")) },
                cec: { _ in CECControlDouble() }))
        let settings = spec()
        power.frame(on: true, spec: settings, wall: evening, clock: clock, now: MonotonicInstant(seconds: 0))
        #expect(!power.panelDark && power.report.dpms == "on" && power.report.connector == "HDMI-A-1")
        power.frame(on: true, spec: settings, wall: evening, clock: clock, now: MonotonicInstant(seconds: 0.1))
        #expect(connector.sets == [.on], "set once, not every frame")
        power.frame(on: false, spec: settings, wall: evening, clock: clock, now: MonotonicInstant(seconds: 1))
        #expect(connector.sets == [.on, .off] && connector.property == .off)
        #expect(power.panelDark && power.report.dpms == "off" && !power.report.asked)
        // A touch wakes the display (the director says on again): the panel comes back without a restart.
        power.frame(on: true, spec: settings, wall: evening, clock: clock, now: MonotonicInstant(seconds: 2))
        #expect(!power.panelDark && connector.property == .on && power.report.asked)
        // Stopping while dark lights the console again; while lit it changes nothing.
        power.finish()
        #expect(connector.sets == [.on, .off, .on])
        power.frame(on: false, spec: settings, wall: evening, clock: clock, now: MonotonicInstant(seconds: 3))
        power.finish()
        #expect(connector.sets == [.on, .off, .on, .off, .on] && connector.property == .on)
    }

    @Test func aFailedSwitchIsReportedAndTriedAgainLater() {
        let connector = DPMSSwitchDouble()
        connector.failure = PowerFailure("Permission denied (the console is not ours now)")
        let power = DisplayPower(
            devices: DisplayPowerDevices(
                dpms: { .success(connector) }, backlight: { _ in .failure(PowerFailure("none")) },
                cec: { _ in CECControlDouble() }))
        let settings = spec()
        power.frame(on: false, spec: settings, wall: evening, clock: clock, now: MonotonicInstant(seconds: 0))
        #expect(!power.panelDark, "nothing reached: frames go on being drawn")
        #expect(power.report.dpms == "failed: Permission denied (the console is not ours now)")
        power.frame(on: false, spec: settings, wall: evening, clock: clock, now: MonotonicInstant(seconds: 1))
        #expect(connector.sets.count == 1, "not again at once")
        connector.failure = nil
        power.frame(
            on: false, spec: settings, wall: evening, clock: clock,
            now: MonotonicInstant(seconds: 1) + DPMSPanel.retryInterval)
        #expect(connector.sets.count == 2 && power.panelDark && power.report.dpms == "off")
        // A connector that reads back something else than what was set.
        let stuck = DPMSSwitchDouble()
        stuck.stuckAt = .on
        var panel = DPMSPanel()
        #expect(panel.want(on: false, now: MonotonicInstant(seconds: 0)) == .off)
        try? stuck.set(.off)
        let line = panel.finished(.off, error: nil, reported: stuck.read(), now: MonotonicInstant(seconds: 0))
        #expect(line == "DPMS: the connector reports DPMS on after off was set")
        #expect(!panel.isDark && panel.problem != nil)
        #expect(
            panel.want(on: false, now: MonotonicInstant(seconds: 1)) == nil
                && panel.want(on: false, now: MonotonicInstant(seconds: 6)) == .off)
    }

    @Test func withoutKMSDRMTheHooksAloneDoThePower() {
        var asked = 0
        let power = DisplayPower(
            devices: DisplayPowerDevices(
                dpms: {
                    asked += 1
                    return .failure(PowerFailure("not on KMS/DRM (video driver x11)"))
                }, backlight: { _ in .failure(PowerFailure("none")) }, cec: { _ in CECControlDouble() }))
        var settings = spec()
        power.frame(on: true, spec: settings, wall: evening, clock: clock, now: MonotonicInstant(seconds: 0))
        power.frame(on: false, spec: settings, wall: evening, clock: clock, now: MonotonicInstant(seconds: 1))
        settings.wakeMinutes = 3
        power.frame(on: false, spec: settings, wall: evening, clock: clock, now: MonotonicInstant(seconds: 2))
        #expect(asked == 1, "said once")
        #expect(!power.panelDark && power.report.dpms == "not set: not on KMS/DRM (video driver x11)")
        // "dpms": false: not even tried.
        var never = 0
        let off = DisplayPower(
            devices: DisplayPowerDevices(
                dpms: {
                    never += 1
                    return .failure(PowerFailure("?"))
                }, backlight: { _ in .failure(PowerFailure("none")) }, cec: { _ in CECControlDouble() }))
        off.frame(on: false, spec: spec(dpms: false), wall: evening, clock: clock, now: MonotonicInstant(seconds: 0))
        #expect(never == 0 && off.report.dpms == "not set (\"dpms\": false)")
    }

    @Test func theBacklightFadesInStepsToItsLevelAndToDarkWhenOff() throws {
        let device = BacklightDouble(initial: 100)
        let power = DisplayPower(
            devices: DisplayPowerDevices(
                dpms: { .failure(PowerFailure("offscreen")) }, backlight: { _ in .success(device) },
                cec: { _ in CECControlDouble() }))
        var settings = spec(backlight: true)
        settings.dim = [DimWindow(window: TimeWindow(), level: 0.2)]
        for frame in 0...90 {
            power.frame(
                on: true, spec: settings, wall: evening, clock: clock,
                now: MonotonicInstant(seconds: Double(frame) / 60))
        }
        #expect(device.writes.last == 20, "the dim window's level")
        #expect(device.writes.count > 10, "in steps: \(device.writes)")
        #expect(zip(device.writes, device.writes.dropFirst()).allSatisfy { $0 > $1 }, "\(device.writes)")
        #expect(power.report.backlight?.raw == 20 && power.report.fading == false)
        // Off: fades to dark; the window closing brings back the backlight's own level.
        device.writes.removeAll()
        power.frame(on: false, spec: settings, wall: evening, clock: clock, now: MonotonicInstant(seconds: 2))
        #expect(power.report.fading)
        power.frame(on: false, spec: settings, wall: evening, clock: clock, now: MonotonicInstant(seconds: 3.1))
        #expect(device.writes.last == 0)
        settings.dim = []
        for frame in 0...70 {
            power.frame(
                on: true, spec: settings, wall: evening, clock: clock,
                now: MonotonicInstant(seconds: 4 + Double(frame) / 60))
        }
        #expect(device.writes.last == 80 && device.writes.filter { $0 > 0 && $0 < 80 }.count > 5)
    }

    @Test func theTVIsToldAtEachChangeAndItsAnswerReported() {
        let link = CECControlDouble()
        let power = DisplayPower(
            devices: DisplayPowerDevices(
                dpms: { .failure(PowerFailure("offscreen")) }, backlight: { _ in .failure(PowerFailure("none")) },
                cec: { _ in link }))
        let settings = spec(cec: true)
        power.frame(on: true, spec: settings, wall: evening, clock: clock, now: MonotonicInstant(seconds: 0))
        power.frame(on: true, spec: settings, wall: evening, clock: clock, now: MonotonicInstant(seconds: 0.1))
        #expect(link.turns == [true], "the state at start, once")
        power.frame(on: false, spec: settings, wall: evening, clock: clock, now: MonotonicInstant(seconds: 1))
        #expect(link.turns == [true, false])
        #expect(power.report.cec.isEmpty, "no answer yet")
        link.finish(.standby)
        power.frame(on: false, spec: settings, wall: evening, clock: clock, now: MonotonicInstant(seconds: 1.1))
        #expect(power.report.cec == ["/dev/cec0: tv standby"])
        let json = power.report.json.rendered
        #expect(json.contains(#""asked":"off""#) && json.contains(#""cec":["/dev/cec0: tv standby"]"#), "\(json)")
    }

    @Test func theStateLinesCarryTheReport() {
        var report = DisplayPowerReport()
        report.asked = false
        report.dpms = "off"
        report.connector = "Virtual-1"
        report.backlight = ("panel0", 0, 255, 0)
        var state = StateReport(show: Show(slides: [], options: ShowStyle()), at: ShowTime(seconds: 0))
        state.power = report
        #expect(
            state.json.hasSuffix(
                #""power":{"asked":"off","dpms":"off","connector":"Virtual-1","backlight":{"device":"panel0","brightness":0,"max":255,"level":0,"fading":false},"cec":[]}}"#
            ), "\(state.json)")
        var remote = RemoteState()
        remote.power = report
        #expect(
            remote.json.rendered.contains(
                #""display":{"asked":"auto","lit":true,"scheduled":"on","power":{"asked":"off""#))
        #expect(!RemoteState().json.rendered.contains("power"))
    }
}
