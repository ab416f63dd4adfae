import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// The backlight and CEC devices on what this machine has: a backlight is a folder of plain
/// files laid out as /sys/class/backlight (a test double of the sysfs device, named as one);
/// there are no CEC adapters, so only what happens without one is run here (the boot test
/// drives the kernel's vivid adapters).
@Suite struct DisplayDeviceTests {
    /// Test double of /sys/class/backlight: device folders with `brightness` and `max_brightness`.
    private func fakeBacklightRoot(_ devices: [(name: String, max: String, now: String)]) throws -> TemporaryFolder {
        let tree = try TemporaryFolder()
        for device in devices {
            try tree.write("\(device.name)/max_brightness", device.max + "\n")
            try tree.write("\(device.name)/brightness", device.now + "\n")
        }
        return tree
    }

    @Test func theFirstDeviceByNameIsOpenedAndWrittenWithoutWaiting() throws {
        let tree = try fakeBacklightRoot([("b_panel", "255", "200"), ("a_panel", "100", "40")])
        var spec = BacklightSpec()
        spec.root = tree.path
        let device = try SysfsBacklight(spec)
        #expect(device.name == "a_panel" && device.maximum == 100 && device.initial == 40)
        for value in [10, 20, 30] { device.write(value) }
        device.waitUntilIdle()
        #expect(device.current() == 30, "the newest value is what the device holds")
        #expect(try String(contentsOfFile: tree.at("a_panel/brightness"), encoding: .utf8) == "30\n")
        #expect(device.problem == nil)
        spec.device = "b_panel"
        let other = try SysfsBacklight(spec)
        #expect(other.maximum == 255 && other.initial == 200)
    }

    @Test func aDeviceThatCannotBeUsedSaysWhy() throws {
        let tree = try fakeBacklightRoot([("broken", "none", "1"), ("zero", "0", "0")])
        var spec = BacklightSpec()
        spec.root = tree.path + "/nothing-here"
        #expect(throws: PowerFailure("no backlight device under \(tree.path)/nothing-here")) {
            try SysfsBacklight(spec)
        }
        spec.root = tree.path
        spec.device = "broken"
        #expect(throws: PowerFailure("\(tree.path)/broken/max_brightness cannot be read as a positive number")) {
            try SysfsBacklight(spec)
        }
        spec.device = "zero"
        #expect(throws: PowerFailure.self) { try SysfsBacklight(spec) }
        spec.device = "missing"
        #expect(throws: PowerFailure.self) { try SysfsBacklight(spec) }
    }

    @Test func cecAdaptersAreFoundByNameAndAMissingOneIsReported() throws {
        let dev = try TemporaryFolder()
        for name in ["cec10", "cec1", "cec0", "cecx", "video0"] { try dev.write(name, "") }
        #expect(CECAdapter.present(in: dev.path) == ["cec0", "cec1", "cec10"].map { dev.at($0) })
        #expect(throws: CECError.self) { try CECAdapter(path: dev.at("cec0")) }
        var spec = CECSpec()
        spec.devices = [dev.at("cec0"), "/nonexistent/cec7"]
        let reports = CECLink.turn(on: false, spec: spec)
        #expect(reports.map(\.device) == spec.devices)
        #expect(reports[0].summary.hasPrefix("not a CEC adapter"), "\(reports[0].summary)")
        #expect(reports[1].summary == "No such file or directory")
        #expect(reports.allSatisfy { !$0.reached && $0.askedOn == false })
        // The worker: a turn finishes off the caller's thread and is counted.
        let link = CECLink(spec: spec)
        link.turn(on: true)
        link.waitUntilIdle()
        #expect(link.finished.count == 1 && link.finished.reports.count == 2)
        #expect(link.finished.reports.allSatisfy { $0.askedOn == true })
    }
}
