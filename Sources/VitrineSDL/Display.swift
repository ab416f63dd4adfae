import CSDL2
import CSDL2Image
import VitrineCore
import VitrineMedia

/// Which SDL renderer to use.
public enum RendererChoice: String, CaseIterable, Sendable {
    /// Hardware with vsync where there is one, software otherwise.
    case auto
    case software
    case opengles2
    case opengl
}

/// How the show appears on the screen.
public struct DisplayOptions: Sendable {
    /// A window of this size; nil means fullscreen.
    public var windowed: Size?
    /// SDL video driver name; nil lets SDL choose (KMS/DRM, X11, Wayland).
    public var videoDriver: String?
    public var renderer: RendererChoice = .auto
    /// Where to write the frame on the screen as PNG when the show ends; nil writes nothing.
    public var lastFrame: String?

    public init() {}
}

/// Why the display could not be opened. One line for the user.
public struct DisplayError: Error, CustomStringConvertible {
    public let description: String
}

/// An SDL window with its renderer. Destroying it closes the window.
public final class Display {
    let window: OpaquePointer
    let renderer: OpaquePointer
    public private(set) var isFullscreen: Bool
    public let rendererName: String
    public let maxTextureSide: Int
    public let hasVsync: Bool

    /// SDL drivers that open without showing anything; used only when asked for by name.
    public static let invisibleDrivers: Set<String> = ["offscreen", "dummy", "evdev"]

    public init(_ options: DisplayOptions) throws(DisplayError) {
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        if let driver = options.videoDriver { SDL_SetHint(SDL_HINT_VIDEODRIVER, driver) }
        guard SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            throw DisplayError(description: "cannot open a display: \(SDLError.message())")
        }
        let chosen = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        let visible = !Self.invisibleDrivers.contains(chosen)
        if options.videoDriver == nil, Self.invisibleDrivers.contains(chosen) {
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
            throw DisplayError(
                description:
                    "cannot open a display: no X11, Wayland or KMS/DRM display found (SDL fell back to '\(chosen)'); "
                    + "run on the console or a desktop, or pass --video-driver")
        }
        var flags = SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        // Fullscreen starts at the desktop's size: with no window manager to
        // make it fullscreen (a bare X server) the window would keep its own.
        var desktop = SDL_DisplayMode()
        let desktopSize =
            SDL_GetDesktopDisplayMode(0, &desktop) == 0 && desktop.w > 0 && desktop.h > 0
            ? Size(width: Double(desktop.w), height: Double(desktop.h)) : Size(width: 1280, height: 720)
        let size = options.windowed ?? desktopSize
        if options.windowed == nil {
            flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
        } else {
            flags |= SDL_WINDOW_RESIZABLE.rawValue
        }
        let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
        guard
            let window = SDL_CreateWindow(
                "Vitrine", centered, centered, Int32(size.width), Int32(size.height), flags)
        else {
            let message = SDLError.message()
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
            throw DisplayError(description: "cannot open a window: \(message)")
        }
        let made: OpaquePointer?
        switch options.renderer {
        case .auto:
            made =
                SDL_CreateRenderer(
                    window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
                ?? Self.softwareRenderer(window, visible: visible)
        case .software:
            made = Self.softwareRenderer(window, visible: visible)
        case .opengles2, .opengl:
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, options.renderer.rawValue)
            made = SDL_CreateRenderer(
                window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        }
        guard let renderer = made else {
            let message = SDLError.message()
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
            throw DisplayError(description: "cannot create the \(options.renderer.rawValue) renderer: \(message)")
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        self.window = window
        self.renderer = renderer
        self.isFullscreen = options.windowed == nil
        let name = info.name.map { String(cString: $0) } ?? "unknown"
        self.rendererName = name
        let limit = Int(min(info.max_texture_width, info.max_texture_height))
        self.maxTextureSide = limit > 0 ? limit : 4096
        // SDL's software renderer claims vsync, but on the window's own
        // framebuffer its present does not wait for one: the loop paces it on
        // a screen. A driver that shows nothing has nothing to keep pace with:
        // its frames come as fast as they are drawn.
        self.hasVsync =
            (name != "software" || !visible) && info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        SDL_DisableScreenSaver()
        SDL_ShowCursor(isFullscreen ? SDL_DISABLE : SDL_ENABLE)
    }

    /// SDL's software renderer on the window's own framebuffer (shared memory
    /// on X11). Left to itself, SDL backs the window surface with an OpenGL
    /// texture wherever OpenGL is present, even Mesa's software rasteriser:
    /// every present then uploads and draws the whole frame through it, which
    /// costs more than composing it. The environment can still ask for that.
    /// (On a driver that shows nothing, SDL is left to its choice.)
    private static func softwareRenderer(_ window: OpaquePointer, visible: Bool) -> OpaquePointer? {
        if visible { SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0") }
        return SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
    }

    /// The drawable size in pixels.
    public var outputSize: Size {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return Size(width: Double(max(w, 1)), height: Double(max(h, 1)))
    }

    public func toggleFullscreen() {
        isFullscreen.toggle()
        SDL_SetWindowFullscreen(window, isFullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
        SDL_ShowCursor(isFullscreen ? SDL_DISABLE : SDL_ENABLE)
    }

    public func present() {
        SDL_RenderPresent(renderer)
    }

    /// What the renderer last drew, as ARGB pixels; nil when it cannot be read back.
    public func readPixels() -> PixelBuffer? {
        let size = outputSize
        var buffer = PixelBuffer(width: Int(size.width), height: Int(size.height), color: 0)
        let status = buffer.pixels.withUnsafeMutableBytes { bytes in
            SDL_RenderReadPixels(
                renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, bytes.baseAddress, Int32(buffer.width * 4))
        }
        return status == 0 ? buffer : nil
    }

    /// Writes what the renderer last drew to `path` as PNG.
    public func savePNG(to path: String) throws(DisplayError) {
        let size = outputSize
        guard
            let surface = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(size.width), Int32(size.height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { throw DisplayError(description: "cannot read the frame back: \(SDLError.message())") }
        defer { SDL_FreeSurface(surface) }
        guard
            SDL_RenderReadPixels(
                renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.pointee.pixels, surface.pointee.pitch) == 0,
            IMG_SavePNG(surface, path) == 0
        else { throw DisplayError(description: "cannot write \(path): \(SDLError.message())") }
    }
}
