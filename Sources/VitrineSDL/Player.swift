import VitrineCore
import VitrineMedia

/// The slideshow on a display: a window (or the whole console), its events,
/// textures and presented frames; every decision is the director's.
public final class Player {
    private let director: ShowDirector
    private let display: DisplayOptions
    private let decoder: any ImageDecoding
    private let hooks: PlayerHooks
    private let recorder: InputTraceRecorder?
    private let log = Log("play")

    /// `recorder` writes what the user does as an input trace.
    public init(
        director: ShowDirector, display: DisplayOptions, decoder: any ImageDecoding, hooks: PlayerHooks = PlayerHooks(),
        recorder: InputTraceRecorder? = nil
    ) {
        self.director = director
        self.display = display
        self.decoder = decoder
        self.hooks = hooks
        self.recorder = recorder
    }

    /// Opens the display and runs the show until it ends. Returns the exit code.
    public func run() throws -> Int32 {
        // Each image a mapping of its own, given back when the show lets it go (else glibc soon
        // serves them from its arenas, which keep the space of the largest ones).
        DecodeWorker.returnLargeBuffers()
        let screen = try Display(display)
        log.info("renderer \(screen.rendererName)\(screen.rendererReason), video driver \(screen.videoDriver)")
        // On the bare console the screen is shared with the other virtual terminals.
        let console = screen.videoDriver == "kmsdrm" ? hooks.openConsole().map(ConsoleLink.init) : nil
        let power = hooks.displayDevices.map { devices in
            var devices = devices
            devices.dpms = { DRMConnector.of(window: screen.window) }
            return DisplayPower(devices: devices)
        }
        let loop = ShowLoop(
            director: director, canvas: WindowCanvas(screen, fontPath: director.setup.overlays.font),
            clock: RealFrameClock(), decoder: decoder, hooks: hooks, recorder: recorder, console: console,
            power: power)
        let code = loop.run()
        if let path = display.lastFrame { try screen.savePNG(to: path) }
        return code
    }
}
