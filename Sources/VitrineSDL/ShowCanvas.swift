import CSDL2
import VitrineCore
import VitrineMedia

/// Where a show loop draws: a window on a display, or a memory surface.
protocol ShowCanvas: AnyObject {
    /// Keeps the slides' images and draws scenes.
    var drawer: any SceneDrawing { get }
    /// The output's size in pixels, before rotation.
    var panelSize: Size { get }
    /// The largest texture side the renderer takes.
    var maxTextureSide: Int { get }
    /// Whether presenting waits for the display's refresh.
    var hasVsync: Bool { get }
    /// SDL's events since the last call (none offscreen).
    func poll(time: ShowTime) -> PolledEvents
    /// Waits up to `length` for an event (which the next `poll` returns); none offscreen.
    func waitForEvents(for length: Seconds)
    func toggleFullscreen()
    /// Draws `scene` turned by `rotation` and shows it; with `capture`, returns the picture drawn.
    func present(_ scene: Scene, rotation: ScreenRotation, key: (Int) -> String?, capture: Bool) -> PixelBuffer?
    /// Forgets every texture (after the renderer lost them).
    func reset()
    /// The renderer drawing, for the log.
    var rendererName: String { get }
    /// Puts the next renderer in place of one that presents only black (every texture is
    /// forgotten); its name, or nil when there is no other to try.
    func replaceRenderer() -> String?
}

/// A window on a display: the player's canvas.
final class WindowCanvas: ShowCanvas {
    private let screen: Display
    private let fontPath: String?
    private(set) var drawer: any SceneDrawing
    private var rotated: RotatedOutput
    private var pump: EventPump

    init(_ screen: Display, fontPath: String?) {
        self.screen = screen
        self.fontPath = fontPath
        pump = EventPump(videoDriver: screen.videoDriver)
        drawer = Self.drawer(for: screen, fontPath: fontPath)
        rotated = RotatedOutput(renderer: screen.renderer)
    }

    /// SDL's software renderer blends slowly; frames are composed in Swift there instead.
    private static func drawer(for screen: Display, fontPath: String?) -> any SceneDrawing {
        screen.rendererName == "software"
            ? SoftwareSceneRenderer(
                renderer: screen.renderer, fontPath: fontPath, target: { SDL_GetWindowSurface(screen.window) })
            : SceneRenderer(renderer: screen.renderer, fontPath: fontPath)
    }

    func replaceRenderer() -> String? {
        // The old renderer's textures go before it does.
        reset()
        guard let name = screen.nextRenderer() else { return nil }
        drawer = Self.drawer(for: screen, fontPath: fontPath)
        rotated = RotatedOutput(renderer: screen.renderer)
        return name
    }

    deinit {
        // Textures go before the renderer that owns them.
        reset()
    }

    var panelSize: Size { screen.outputSize }
    var maxTextureSide: Int { screen.maxTextureSide }
    var hasVsync: Bool { screen.hasVsync }
    var rendererName: String { screen.rendererName }

    func poll(time: ShowTime) -> PolledEvents { pump.poll(window: screen.window, time: time) }
    func waitForEvents(for length: Seconds) { pump.wait(for: length) }
    func toggleFullscreen() { screen.toggleFullscreen() }

    func present(_ scene: Scene, rotation: ScreenRotation, key: (Int) -> String?, capture: Bool) -> PixelBuffer? {
        rotated.draw(scene, rotation: rotation, panel: panelSize, with: drawer, key: key)
        // Read before presenting: afterwards the back buffer's contents are undefined.
        let picture = capture ? screen.readPixels() : nil
        screen.present()
        return picture
    }

    func reset() {
        drawer.removeAll()
        rotated.reset()
    }

    /// Whether the renderer was left to the player (`--renderer auto`).
    var rendererChosenByPlayer: Bool { screen.rendererAsked == .auto }

    /// Where clips render on this window's OpenGL (ES) renderer.
    func makeVideoTarget() throws(RendererVideoTextures.Failure) -> RendererVideoTextures {
        try RendererVideoTextures(display: screen)
    }
}

extension OffscreenCanvas: ShowCanvas {
    var panelSize: Size { Size(width: Double(width), height: Double(height)) }
    var maxTextureSide: Int { 16384 }
    var hasVsync: Bool { true }
    func poll(time: ShowTime) -> PolledEvents { PolledEvents() }
    func waitForEvents(for length: Seconds) {}
    func toggleFullscreen() {}
    func present(_ scene: Scene, rotation: ScreenRotation, key: (Int) -> String?, capture: Bool) -> PixelBuffer? {
        draw(scene, rotation: rotation, key: key)
        return capture ? pixels() : nil
    }
    func reset() { drawer.removeAll() }
    var rendererName: String { "offscreen" }
    func replaceRenderer() -> String? { nil }
}
