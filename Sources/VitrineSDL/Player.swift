import CSDL2
import VitrineCore
import VitrineMedia

/// The play loop: one flat loop of steps a frame. Drain finished decodes,
/// poll events, advance the engine in fixed steps, request decodes, build the
/// scene at the render time, draw, present.
public final class Player {
    private var engine: ShowEngine
    private var display: DisplayOptions
    private let loader: ImageLoader
    private let hooks: PlayerHooks
    private let log = Log("play")
    private var running = true
    /// The show's clock starts when the first image is on screen.
    private var started = false
    /// The output size each loaded image was decoded for.
    private var decodedFor: [String: Size] = [:]
    private var lastOutput: Size?
    /// The renderer lost its textures (a VT switch or a lost display on KMS/DRM).
    private var texturesLost = false

    public init(
        slides: [Slide], options: ShowOptions, display: DisplayOptions, decoder: any ImageDecoding,
        hooks: PlayerHooks = PlayerHooks()
    ) {
        self.engine = ShowEngine(slides: slides, options: options, output: Size(width: 1280, height: 720))
        self.display = display
        self.loader = ImageLoader(decoder: decoder)
        self.hooks = hooks
    }

    private var slides: [Slide] { engine.show.slides }

    /// Runs until the user quits. Returns the exit code.
    public func run() throws -> Int32 {
        let screen = try Display(display)
        let scene = SceneRenderer(renderer: screen.renderer)
        let rotated = RotatedOutput(renderer: screen.renderer)
        // Textures go before the renderer that owns them.
        defer {
            withExtendedLifetime(screen) {
                scene.removeAll(); rotated.reset()
            }
        }
        let frequency = Double(SDL_GetPerformanceFrequency())
        var last = SDL_GetPerformanceCounter()
        while running {
            switch hooks.control() {
            case .keepGoing: break
            case .stop: running = false
            case .reload: reload()
            }
            guard running else { break }
            let now = SDL_GetPerformanceCounter()
            let frameTime = Double(now - last) / frequency
            last = now
            let panel = screen.outputSize
            let output = display.rotation.logicalSize(for: panel)
            if output != lastOutput {
                log.info("renderer \(screen.rendererName), output \(Int(output.width))x\(Int(output.height))")
                lastOutput = output
            }
            engine.output = output

            receiveDecodes(into: scene)
            guard engine.show.count > 0 else {
                log.error("no image could be decoded; nothing to show")
                return 1
            }
            pollEvents()
            if texturesLost {
                log.warning("the renderer lost its textures; loading the images again")
                texturesLost = false
                scene.removeAll()
                rotated.reset()
                decodedFor.removeAll()
            }
            if !started, scene.hasImage(slides[engine.show.index].source) { started = true }
            if started {
                // A copy: the closure must not read `engine` while `advance` mutates it.
                let current = slides
                let requests = engine.advance(by: frameTime) { scene.hasImage(current[$0].source) }
                for request in requests {
                    switch request {
                    case .quit: running = false
                    case .toggleFullscreen: screen.toggleFullscreen()
                    }
                }
            }
            requestDecodes(output: output, maxSide: screen.maxTextureSide, scene: scene)

            let frame = engine.scene { i in scene.imageSize(slides[i].source) }
            rotated.draw(frame, rotation: display.rotation, panel: panel, with: scene) { i in
                slides.indices.contains(i) ? slides[i].source : nil
            }
            screen.present()
            hooks.framePresented(Double(SDL_GetPerformanceCounter()) / frequency, status)
            if !screen.hasVsync { SDL_Delay(8) }
        }
        hooks.willStop(engine)
        return 0
    }

    /// What is showing, in one line for the service manager.
    private var status: String {
        guard slides.indices.contains(engine.show.index) else { return "no slide" }
        let name = slides[engine.show.index].source.split(separator: "/").last.map(String.init) ?? ""
        let paused = engine.show.isPaused ? ", paused" : ""
        return "showing \(engine.show.index + 1)/\(slides.count) \(name)\(paused)"
    }

    /// Takes new slides and settings from the reload hook; keeps the show on any problem.
    private func reload() {
        do {
            guard let setup = try hooks.reload() else { return }
            guard !setup.slides.isEmpty else {
                log.error("reload found no slides; keeping the current show")
                return
            }
            engine = ShowEngine(slides: setup.slides, options: setup.options, output: engine.output)
            display.rotation = setup.rotation
            started = false
            log.info("reloaded: \(setup.slides.count) slides")
        } catch {
            log.error("reload failed, keeping the current show: \(error)")
        }
    }

    /// Queues an input event, its panel coordinates mapped to the turned picture.
    private func enqueue(_ event: InputEvent) {
        engine.enqueue(display.rotation.logical(event))
    }

    private func receiveDecodes(into scene: SceneRenderer) {
        for (request, result) in loader.drain() {
            switch result {
            case .success(let image):
                if scene.setImage(image.pixels, sourceSize: image.sourceSize, for: request.path) {
                    decodedFor[request.path] = request.output
                } else {
                    let size = "\(image.pixels.width)x\(image.pixels.height)"
                    log.warning(
                        "skipping \(request.path): the renderer refused a \(size) texture: \(SDLError.message())")
                    remove(request.path)
                }
            case .failure(let error):
                log.warning("skipping \(error)")
                remove(request.path)
            }
        }
    }

    private func remove(_ path: String) {
        while let i = slides.firstIndex(where: { $0.source == path }) {
            engine.removeSlide(at: i)
        }
    }

    /// Keeps the slides the engine wants decoded for the current output size; frees the rest.
    private func requestDecodes(output: Size, maxSide: Int, scene: SceneRenderer) {
        var keep: Set<String> = []
        for i in engine.wantedSlides {
            let slide = slides[i]
            keep.insert(slide.source)
            if decodedFor[slide.source] == output, scene.hasImage(slide.source) { continue }
            loader.request(
                DecodeRequest(
                    path: slide.source, output: output, fit: slide.fit ?? engine.show.options.fit,
                    background: engine.show.options.background, maxSide: maxSide))
        }
        scene.retainOnly(keep)
        decodedFor = decodedFor.filter { keep.contains($0.key) }
    }

    /// SDL events become core input events at the engine's current time.
    private func pollEvents() {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            switch SDL_EventType(event.type) {
            case SDL_QUIT:
                running = false
            case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
                texturesLost = true
            case SDL_KEYDOWN:
                if let key = KeyMap.key(event.key.keysym.sym) {
                    enqueue(InputEvent(time: engine.renderTime, kind: .key(key)))
                }
            default:
                break
            }
        }
    }
}
