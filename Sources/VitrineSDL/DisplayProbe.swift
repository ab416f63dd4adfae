import CSDL2
import VitrineMedia

/// What SDL can open on this machine.
public struct DisplayProbe: Sendable {
    /// The video drivers compiled into SDL.
    public let drivers: [String]
    /// The driver that opened, with the first display's size; nil when none could.
    public let opened: (driver: String, width: Int, height: Int)?
    /// Why no display could be opened.
    public let failure: String?

    /// Tries to initialise video with `driver` (or SDL's choice) and reads the first display's mode.
    public static func run(driver: String? = nil) -> DisplayProbe {
        var drivers: [String] = []
        for i in 0..<SDL_GetNumVideoDrivers() {
            if let name = SDL_GetVideoDriver(i) { drivers.append(String(cString: name)) }
        }
        if let driver { SDL_SetHint(SDL_HINT_VIDEODRIVER, driver) }
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
            let sdl = SDLError.message()
            let console = Display.consoleProblem(driver: driver).map { "; \($0)" } ?? ""
            return DisplayProbe(drivers: drivers, opened: nil, failure: sdl + console)
        }
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
        let name = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
        if driver == nil, Display.invisibleDrivers.contains(name) {
            let console = Display.consoleProblem(driver: nil).map { "; \($0)" } ?? ""
            return DisplayProbe(
                drivers: drivers, opened: nil,
                failure: "no X11, Wayland or KMS/DRM display; only SDL's '\(name)' driver, which shows nothing"
                    + console)
        }
        var mode = SDL_DisplayMode()
        guard SDL_GetDesktopDisplayMode(0, &mode) == 0 else {
            return DisplayProbe(drivers: drivers, opened: nil, failure: SDLError.message())
        }
        return DisplayProbe(drivers: drivers, opened: (name, Int(mode.w), Int(mode.h)), failure: nil)
    }
}
