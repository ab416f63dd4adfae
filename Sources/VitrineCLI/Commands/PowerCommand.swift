import Foundation
import VitrineCore
import VitrineSystem

/// `vitrine power on|off|status`: the backlight and the TV over HDMI-CEC, set or read by hand,
/// without a show (DPMS belongs to the player that holds the console: 'vitrine ctl display off').
enum PowerCommand {
    static let command = CLI.Command(
        name: "power",
        summary: "set or read the backlight and the TV over HDMI-CEC, as the player would",
        help: """
            Usage: vitrine power on|off|status [--config FILE] [options]

            on, off: sets the backlight to its level (or 0) and tells the TV over HDMI-CEC
            to wake (Image View On, Active Source) or go to standby, then asks the TV how
            it is (Give Device Power Status). status: only reads and asks.
            Prints one line a device; exit 0 when every device reached the state asked,
            1 when one did not (or none was named), 2 for a usage error.
            The devices are those of the configuration file's display section (as 'play'
            reads it), or given here:
              --backlight                    the first device under /sys/class/backlight
              --backlight-device NAME        that device (intel_backlight, rpi_backlight, …)
              --backlight-root DIR           the folder holding the devices (default /sys/class/backlight)
              --level L                      the level for 'on', 0 to 1 (default the section's, else 1)
              --cec                          every /dev/cec* adapter
              --cec-device PATH              that adapter (repeat for more)
              --cec-timeout SECONDS          wait this long for the TV (default 2)
            The display's DPMS is the running player's: 'vitrine ctl display off|on|auto'
            (with the control API on), and 'vitrine ctl state' shows what it reached.
            """,
        run: run)

    static func run(_ args: [String]) throws -> Int32 {
        let (configPath, rest) = try ConfigFile.split(args, defaultPath: "/nonexistent")
        var spec = DisplaySpec()
        if let configPath {
            let (section, problems) = ConfigFile.display(of: configPath)
            if let first = problems.first { throw UsageError(first) }
            spec = section
        }
        var action: Bool??
        var scanner = ArgumentScanner(rest)
        func backlight() -> BacklightSpec { spec.backlight ?? BacklightSpec() }
        func cec() -> CECSpec { spec.cec ?? CECSpec() }
        while let option = scanner.nextOption() {
            switch option {
            case "--backlight": spec.backlight = backlight()
            case "--backlight-device":
                var b = backlight()
                b.device = try scanner.value(for: option)
                spec.backlight = b
            case "--backlight-root":
                var b = backlight()
                b.root = try scanner.value(for: option)
                spec.backlight = b
            case "--level":
                let text = try scanner.value(for: option)
                guard let level = Double(text), level >= 0, level <= 1 else {
                    throw UsageError("--level needs a number from 0 to 1, not '\(text)'")
                }
                var b = backlight()
                b.level = level
                spec.backlight = b
            case "--cec": spec.cec = cec()
            case "--cec-device":
                var c = cec()
                c.devices.append(try scanner.value(for: option))
                spec.cec = c
            case "--cec-timeout":
                var c = cec()
                c.timeout = try scanner.seconds(for: option)
                spec.cec = c
            default: throw UsageError("unknown option \(option); run 'vitrine power --help'")
            }
        }
        for word in scanner.positionals {
            guard action == nil else { throw UsageError("power takes one of on, off or status") }
            switch word {
            case "on": action = .some(true)
            case "off": action = .some(false)
            case "status": action = .some(nil)
            default: throw UsageError("unknown action '\(word)'; use on, off or status")
            }
        }
        guard let action else { throw UsageError("power needs on, off or status, for example 'vitrine power off'") }
        guard spec.backlight != nil || spec.cec != nil else {
            throw UsageError(
                "no device: give --backlight or --cec, or a configuration file whose display section names one")
        }
        var reached = true
        if let settings = spec.backlight { reached = setBacklight(settings, on: action, spec: spec) && reached }
        if let settings = spec.cec {
            let reports = CECLink.turn(on: action, spec: settings)
            if reports.isEmpty {
                print("cec: no adapter (/dev/cec*)")
                reached = false
            }
            for report in reports {
                let asked = report.askedOn.map { $0 ? "on asked, " : "off asked, " } ?? ""
                print("cec \(report.device) (\(report.physical)): \(asked)\(report.summary)")
                reached = reached && (report.reached || report.isTV)
            }
        }
        return reached ? 0 : 1
    }

    /// Sets (or reads) the backlight at once (no fade: nothing runs to step it). Returns whether it reached the level.
    private static func setBacklight(_ settings: BacklightSpec, on: Bool?, spec: DisplaySpec) -> Bool {
        let device: SysfsBacklight
        do {
            device = try SysfsBacklight(settings)
        } catch {
            print("backlight: \(error)")
            return false
        }
        if let on {
            let level = on ? spec.backlightLevel(at: Date(), clock: ZoneClock(.current)) ?? settings.level : 0
            device.write(BacklightFade.raw(level, maximum: device.maximum))
            device.waitUntilIdle()
            if let problem = device.problem {
                print("backlight \(device.name): \(problem)")
                return false
            }
            let now = device.current() ?? -1
            print("backlight \(device.name): \(now)/\(device.maximum) (level \(StateReport.number(level)))")
            return now == BacklightFade.raw(level, maximum: device.maximum)
        }
        print("backlight \(device.name): \(device.current().map(String.init) ?? "?")/\(device.maximum)")
        return true
    }
}
