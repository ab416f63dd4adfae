import VitrineCore
import VitrineSystem

/// The display devices `play` drives: sysfs backlights and the kernel's CEC adapters.
enum PowerDevices {
    static func make() -> DisplayPowerDevices {
        DisplayPowerDevices(
            backlight: { spec in
                do throws(PowerFailure) {
                    return .success(try SysfsBacklight(spec))
                } catch {
                    return .failure(error)
                }
            },
            cec: { CECLink(spec: $0) })
    }
}
