import CGLVideo
import CSDL2
import CSDL2Image
import Foundation
import VitrineCore
import VitrineMedia

/// An SDL window with its renderer. Destroying it closes the window.
public final class Display {
    let window: OpaquePointer
    private(set) var renderer: OpaquePointer
    public private(set) var isFullscreen: Bool
    public private(set) var rendererName: String
    public private(set) var maxTextureSide: Int
    public private(set) var hasVsync: Bool
    /// SDL's video driver in use (kmsdrm, x11, wayland, offscreen, …).
    public let videoDriver: String
    /// Why the renderer in use was chosen, for the log: " (as asked)", " (OpenGL ES 2 first on KMS/DRM)", …
    public private(set) var rendererReason: String
    /// The renderer the options asked for (`auto` when it was left to the player).
    public let rendererAsked: RendererChoice
    /// The renderers still to try should the one in use present only black.
    private var remainingRenderers: [RendererChoice]
    /// Renderers seen to present only black, by name.
    private var presentedBlack: Set<String> = []

    /// SDL drivers that open without showing anything; used only when asked for by name.
    public static let invisibleDrivers: Set<String> = ["offscreen", "dummy", "evdev"]

    public init(_ options: DisplayOptions) throws(DisplayError) {
        // SDL_SetHint says false only when the environment set the hint at a higher priority:
        // the user's setting then wins, as it should. So for every hint in this file.
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        if let driver = options.videoDriver { SDL_SetHint(SDL_HINT_VIDEODRIVER, driver) }
        guard SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            let sdl = SDLError.message()
            let console = Self.consoleProblem(driver: options.videoDriver?.lowercased()).map { "; \($0)" } ?? ""
            throw DisplayError(description: "cannot open a display: \(sdl)\(console)")
        }
        let chosen = SDL_GetCurrentVideoDriver().map { String(cString: $0).lowercased() } ?? ""
        if options.videoDriver == nil, Self.invisibleDrivers.contains(chosen) {
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
            let console = Self.consoleProblem(driver: nil).map { "; \($0)" } ?? ""
            throw DisplayError(
                description:
                    "cannot open a display: no X11, Wayland or KMS/DRM display found (SDL fell back to '\(chosen)')"
                    + "\(console); run on the console or a desktop, or pass --video-driver")
        }
        var flags = SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
        var place = (x: centered, y: centered, width: Int32(1280), height: Int32(720))
        if let windowed = options.windowed {
            place.width = Int32(windowed.width)
            place.height = Int32(windowed.height)
            flags |= SDL_WINDOW_RESIZABLE.rawValue
        } else {
            flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
            // Made as large as the screen, where it is: with no window manager to make it
            // fullscreen (X11 started by xinit), the window itself covers the screen.
            var bounds = SDL_Rect()
            if SDL_GetDisplayBounds(0, &bounds) == 0, bounds.w > 0, bounds.h > 0 {
                place = (bounds.x, bounds.y, bounds.w, bounds.h)
            }
        }
        guard let window = SDL_CreateWindow("Vitrine", place.x, place.y, place.width, place.height, flags) else {
            let message = SDLError.message()
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
            let console = chosen == "kmsdrm" ? Self.consoleProblem(driver: chosen).map { "; \($0)" } ?? "" : ""
            throw DisplayError(description: "cannot open a window: \(message)\(console)")
        }
        // The renderers to try, best first; the first that can be made is used, and the
        // next replaces it if it turns out to present only black (`nextRenderer`).
        var candidates = Self.rendererOrder(options.renderer, videoDriver: chosen)
        var failures: [String] = []
        var made: (OpaquePointer, RendererChoice)?
        // Left to choose, OpenGL (ES) on a software rasteriser gives way to the software
        // renderer; it comes back only should that one not be made.
        var rasteriser: (driver: String, gave: String)?
        // Whether the driver was found by the probe's process (else it was, or would be, loaded here).
        var probed = false
        if options.renderer == .auto, chosen != "kmsdrm", let found = options.glProbe?() {
            probed = true
            if Self.photoRenderer(asked: .auto, made: found.renderer, glRenderer: found.driver, videoDriver: chosen)
                == .software
            {
                rasteriser = (found.driver, found.renderer)
                candidates = [.software] + candidates
            }
        }
        while made == nil, !candidates.isEmpty {
            let candidate = candidates.removeFirst()
            switch Self.makeRenderer(candidate, window: window, videoDriver: chosen) {
            case .success(let renderer):
                var info = SDL_RendererInfo()
                // Fails only for a renderer that is not valid; this one was just made. So below too.
                SDL_GetRendererInfo(renderer, &info)
                let name = info.name.map { String(cString: $0) } ?? ""
                if rasteriser == nil, name == "opengl" || name == "opengles2" {
                    let driver = Self.glRenderer(of: renderer)
                    if Self.photoRenderer(asked: options.renderer, made: name, glRenderer: driver, videoDriver: chosen)
                        == .software
                    {
                        SDL_DestroyRenderer(renderer)
                        rasteriser = (driver, name)
                        candidates = [.software, candidate]
                        continue
                    }
                }
                made = (renderer, candidate)
            case .failure(let error): failures.append("\(candidate.rawValue): \(error)")
            }
        }
        guard let (renderer, choice) = made else {
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
            throw DisplayError(
                description: "cannot create the \(options.renderer.rawValue) renderer: "
                    + failures.joined(separator: "; "))
        }
        self.window = window
        self.renderer = renderer
        self.rendererAsked = options.renderer
        self.videoDriver = chosen
        self.remainingRenderers = candidates
        self.isFullscreen = options.windowed == nil
        (rendererName, maxTextureSide, hasVsync) = Self.describe(renderer, videoDriver: chosen)
        for failure in failures { Log("display").info("renderer \(failure); trying the next one") }
        rendererReason = Self.reason(options.renderer, made: choice, videoDriver: chosen, failed: !failures.isEmpty)
        if let rasteriser {
            rendererReason =
                rendererName == "software"
                ? " (\(rasteriser.gave) runs on a software rasteriser, \(rasteriser.driver)"
                    + (probed ? ", as the gl-probe process found" : ", found here: the gl-probe process did not answer")
                    + ", where the software renderer costs less; --renderer \(rasteriser.gave) keeps OpenGL)"
                : " (on the software rasteriser \(rasteriser.driver): the software renderer could not be made)"
        }
        SDL_DisableScreenSaver()
        // A cursor that cannot be hidden (no mouse support in the driver) is not there to show.
        SDL_ShowCursor(isFullscreen ? SDL_DISABLE : SDL_ENABLE)
    }

    /// Names of OpenGL drivers (`GL_RENDERER`) that rasterise on the CPU: Mesa's llvmpipe,
    /// softpipe and swrast ("Software Rasterizer"), Google's SwiftShader.
    static let softwareRasterisers = ["llvmpipe", "softpipe", "swrast", "software rasterizer", "swiftshader"]

    /// Whether the OpenGL driver named `glRenderer` (its `GL_RENDERER`) rasterises on the CPU.
    public static func isSoftwareRasteriser(_ glRenderer: String) -> Bool {
        let name = glRenderer.lowercased()
        return softwareRasterisers.contains { name.contains($0) }
    }

    /// The renderer photos should be drawn with once `made` (SDL's name of the renderer in use)
    /// runs on the OpenGL driver `glRenderer`: the software renderer when the player was left to
    /// choose and OpenGL (ES) runs on a software rasteriser (every GPU step done on the CPU costs
    /// several times what SDL's software renderer does); nil keeps the renderer in use. Not on
    /// KMS/DRM (`videoDriver` "kmsdrm"), where the software renderer's frames are themselves
    /// shown through OpenGL (ES), on the same rasteriser: there what it saves is not known.
    static func photoRenderer(asked: RendererChoice, made: String, glRenderer: String, videoDriver: String = "x11")
        -> RendererChoice?
    {
        guard asked == .auto, videoDriver != "kmsdrm", made == "opengl" || made == "opengles2",
            isSoftwareRasteriser(glRenderer)
        else { return nil }
        return .software
    }

    /// The driver behind an OpenGL (ES) renderer (its `GL_RENDERER`), "" when it cannot be read.
    static func glRenderer(of renderer: OpaquePointer) -> String {
        // Binding a texture makes the renderer's GL context current.
        guard
            let probe = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 1, 1)
        else { return "" }
        defer { SDL_DestroyTexture(probe) }
        guard SDL_GL_BindTexture(probe, nil, nil) == 0 else { return "" }
        defer { SDL_GL_UnbindTexture(probe) }
        return String(cString: vitrine_gl_current_renderer { SDL_GL_GetProcAddress($0) })
    }

    /// Why the console's display could not be had (in use by another program, no device, no
    /// permission), when the console is what was asked for: `--video-driver kmsdrm`, or SDL's
    /// choice with no X11 or Wayland session to open instead.
    static func consoleProblem(
        driver: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        let desktop = environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil
        guard driver == "kmsdrm" || (driver == nil && !desktop) else { return nil }
        return ConsoleDisplayDevices.explanation(ConsoleDisplayDevices.probe())
    }

    /// The renderers to try for `choice` on `videoDriver`, best first. On KMS/DRM, OpenGL ES 2
    /// comes before desktop OpenGL (what the GPUs there speak natively; desktop GL through EGL
    /// needs libGL and can present only black without it), then the software renderer.
    /// Elsewhere SDL's own choice of accelerated renderer, then software. A named one alone.
    static func rendererOrder(_ choice: RendererChoice, videoDriver: String) -> [RendererChoice] {
        guard choice == .auto else { return [choice] }
        return videoDriver == "kmsdrm" ? [.opengles2, .opengl, .software] : [.auto, .software]
    }

    /// Why the renderer in use is the one, for the log.
    private static func reason(_ asked: RendererChoice, made: RendererChoice, videoDriver: String, failed: Bool)
        -> String
    {
        if asked != .auto { return " (as asked)" }
        if failed { return " (the first that could be made)" }
        if videoDriver == "kmsdrm" { return " (OpenGL ES 2 first on KMS/DRM)" }
        return made == .software ? " (no accelerated renderer)" : " (SDL's accelerated choice)"
    }

    /// A renderer of `choice` for `window`, or why it could not be made.
    private static func makeRenderer(_ choice: RendererChoice, window: OpaquePointer, videoDriver: String)
        -> Result<OpaquePointer, DisplayError>
    {
        let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        switch choice {
        case .auto:
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "")
            return made(SDL_CreateRenderer(window, -1, accelerated))
        case .software:
            // On the window's own framebuffer (shared memory on X11): left to itself, SDL backs
            // the window surface with an OpenGL texture wherever OpenGL is present, even Mesa's
            // software rasteriser, and every present uploads and draws the whole frame through
            // it, which costs more than composing it. The environment can still ask for that.
            // KMS/DRM shows a surface only through OpenGL (ES); a driver that shows nothing is
            // left to SDL's choice.
            if !invisibleDrivers.contains(videoDriver), videoDriver != "kmsdrm" {
                SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            }
            return made(SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue))
        case .opengles2, .opengl:
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, choice.rawValue)
            guard let renderer = SDL_CreateRenderer(window, -1, accelerated) else { return made(nil) }
            // The hint is a preference: SDL may fall back to another driver; that is not this one.
            var info = SDL_RendererInfo()
            SDL_GetRendererInfo(renderer, &info)
            if let name = info.name.map({ String(cString: $0) }), name != choice.rawValue {
                SDL_DestroyRenderer(renderer)
                return .failure(DisplayError(description: "SDL made \(name) instead"))
            }
            return .success(renderer)
        }
    }

    private static func made(_ renderer: OpaquePointer?) -> Result<OpaquePointer, DisplayError> {
        renderer.map { .success($0) } ?? .failure(DisplayError(description: SDLError.message()))
    }

    private static func describe(_ renderer: OpaquePointer, videoDriver: String) -> (
        name: String, maxTextureSide: Int, vsync: Bool
    ) {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        let limit = Int(min(info.max_texture_width, info.max_texture_height))
        let name = info.name.map { String(cString: $0) } ?? "unknown"
        // SDL's software renderer claims vsync, but its present does not wait for one: the loop
        // paces it on a screen. A driver that shows nothing has nothing to keep pace with: its
        // frames come as fast as they are drawn.
        let visible = !invisibleDrivers.contains(videoDriver)
        let vsync = (name != "software" || !visible) && info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        return (name, limit > 0 ? limit : 4096, vsync)
    }

    /// Replaces the renderer with the next one to try; returns its name, nil when none is left
    /// (the renderer in use stays). Every texture of the old renderer must be gone already.
    func nextRenderer() -> String? {
        guard !remainingRenderers.isEmpty else { return nil }
        presentedBlack.insert(rendererName)
        SDL_DestroyRenderer(renderer)
        while !remainingRenderers.isEmpty {
            let candidate = remainingRenderers.removeFirst()
            if candidate == .software { Self.showSurfaces(avoiding: presentedBlack, videoDriver: videoDriver) }
            switch Self.makeRenderer(candidate, window: window, videoDriver: videoDriver) {
            case .success(let made):
                let described = Self.describe(made, videoDriver: videoDriver)
                // SDL's own choice may be the very one that drew black.
                guard !presentedBlack.contains(described.name) else {
                    SDL_DestroyRenderer(made)
                    continue
                }
                renderer = made
                (rendererName, maxTextureSide, hasVsync) = described
                rendererReason = " (the one before presented only black)"
                return rendererName
            case .failure(let error):
                Log("display").info("renderer \(candidate.rawValue): \(error); trying the next one")
            }
        }
        // None of the others could be made: the software renderer always can.
        Self.showSurfaces(avoiding: presentedBlack, videoDriver: videoDriver)
        if let fallback = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) {
            renderer = fallback
            (rendererName, maxTextureSide, hasVsync) = Self.describe(fallback, videoDriver: videoDriver)
            rendererReason = " (the one before presented only black)"
            return rendererName
        }
        return nil
    }

    /// The software renderer draws into the window's surface, which SDL shows through an
    /// accelerated renderer where it can (always on KMS/DRM, by default on X11): never through
    /// one seen to present only black. X11 shows a surface itself; KMS/DRM only through
    /// OpenGL ES or OpenGL, so the one not seen black is asked for.
    private static func showSurfaces(avoiding black: Set<String>, videoDriver: String) {
        guard !black.isEmpty else { return }
        if videoDriver == "kmsdrm" {
            if let good = ["opengles2", "opengl"].first(where: { !black.contains($0) }) {
                SDL_SetHint(SDL_HINT_RENDER_DRIVER, good)
            }
        } else {
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
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
        // A failure leaves 0 × 0, read as 1 × 1: nothing is drawn rather than a division by zero.
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return Size(width: Double(max(w, 1)), height: Double(max(h, 1)))
    }

    public func toggleFullscreen() {
        isFullscreen.toggle()
        // A window manager that refuses leaves the window as it was; the next toggle asks again.
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
