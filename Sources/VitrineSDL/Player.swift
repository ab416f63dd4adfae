import CSDL2
import VitrineCore
import VitrineMedia

/// The play loop: one flat loop of steps a frame. Drain finished decodes,
/// poll events, advance the engine in fixed steps, request decodes, build the
/// scene at the render time, draw, present.
public final class Player {
    var engine: ShowEngine
    private var display: DisplayOptions
    private let loader: ImageLoader
    private let hooks: PlayerHooks
    private let log = Log("play")
    private var running = true
    /// The show's clock starts when the first image is on screen.
    private var started = false
    /// The output size each loaded image was decoded for.
    var decodedFor: [String: Size] = [:]
    /// The command line's sources, listed again every few seconds.
    private var sourceWatch: SourceWatch?
    /// Skips drawing frames identical to the one on the screen.
    private var redraw = RedrawPolicy()
    /// What each loaded image says about itself, for captions.
    private var metadata: [String: ImageMetadata] = [:]
    private var lastOutput: Size?
    /// The renderer lost its textures (a VT switch or a lost display on KMS/DRM).
    private var texturesLost = false
    /// The live playlist (watched files, schedule, display power, resume), when there is one.
    var live: LiveShow?
    /// A playlist file that could not be played at start: its error screen and how to try again.
    private var brokenPlaylist: (status: StatusScreen, retry: () -> (LiveShow, Double)?)?
    private var pointers = PointerInput()
    private let recorder: InputTraceRecorder?

    private var overlayOptions: OverlayOptions
    private let touch: TouchOptions
    /// Folders watched for a first image, and how to list their slides.
    private var waiting: (folders: [String], scan: () -> [Slide])?
    private var lastScan = 0.0
    private var wallClock = 0.0

    /// With no slides, show "No images yet" and look for images in `folders` every 2 s.
    public func waitForImages(in folders: [String], scan: @escaping () -> [Slide]) {
        waiting = (folders, scan)
    }

    /// Lists the sources again every 2 s: new photos join (once fully copied), deleted ones leave.
    public func watchSources(list: @escaping @Sendable () -> [String]) {
        sourceWatch = SourceWatch(list: list)
    }

    /// Applies a finished listing of the sources to the running show.
    private func followSources(monotonic: Double) {
        guard let sourceWatch, live == nil, brokenPlaylist == nil else { return }
        // The slide list is only looked at when a listing finished, not every frame.
        let list = slides
        guard let paths = sourceWatch.poll(now: monotonic, playing: { Set(list.map(\.source)) }),
            paths != list.map(\.source)
        else { return }
        let playing = Set(list.map(\.source))
        // An empty show is started by the "no images yet" path (with --wait-for-images).
        guard engine.show.count > 0 else { return }
        let added = paths.filter { !playing.contains($0) }.count
        let removed = playing.subtracting(paths).count
        log.info("sources changed: \(added) new, \(removed) gone; \(paths.count) images")
        engine.replaceSlides(paths.map { Slide(source: $0) }, keeping: engine.currentSource, at: engine.time)
        redraw.invalidate()
    }

    /// Shows `status` (the playlist's first error) and calls `retry` every 2 s until it gives a live show.
    public func waitForPlaylist(showing status: StatusScreen, retry: @escaping () -> (LiveShow, Double)?) {
        brokenPlaylist = (status, retry)
        engine.status = status
    }

    /// Tries the broken playlist again; plays it once it can be played.
    private func checkPlaylist() {
        guard let broken = brokenPlaylist else { return }
        engine.status = broken.status
        guard wallClock - lastScan >= 2 || lastScan == 0 else { return }
        lastScan = wallClock
        guard let (fresh, origin) = broken.retry() else { return }
        log.info("the playlist can be played now; starting the show")
        brokenPlaylist = nil
        live = fresh
        var next = fresh.makeEngine(output: engine.output, touch: touch)
        next.overlays = overlayOptions.stack(slides: next.show.slides, timeZone: Self.zone(fresh))
        next.wallClockOrigin = origin
        engine = next
        started = false
    }

    /// The clock overlay's zone: the playlist's, else the system's.
    static func zone(_ live: LiveShow?) -> TimeZoneBox {
        live.map { TimeZoneBox($0.session.document.timeZone()) } ?? .current
    }

    /// Polls for a first image while the show is empty; starts a fresh show when one appears.
    private func checkForImages() {
        checkPlaylist()
        guard engine.show.count == 0, let waiting else { return }
        engine.status = .noImages(folders: waiting.folders)
        guard wallClock - lastScan >= 2 || lastScan == 0 else { return }
        lastScan = wallClock
        let slides = waiting.scan()
        guard !slides.isEmpty else { return }
        log.info("found \(slides.count) image(s); starting the show")
        let fresh = ShowEngine(slides: slides, options: engine.show.options, output: engine.output, touch: touch)
        var next = fresh
        next.overlays = overlayOptions.stack(slides: slides)
        next.wallClockOrigin = engine.wallClockOrigin.map { $0 + engine.time }
        engine = next
        started = false
    }

    /// `input` is a trace to replay; `recorder` writes what the user does.
    public init(
        slides: [Slide], options: ShowOptions, overlays: OverlayOptions = OverlayOptions(), display: DisplayOptions,
        decoder: any ImageDecoding, wallClockOrigin: Double? = nil, touch: TouchOptions = TouchOptions(),
        input: [InputEvent] = [], recorder: InputTraceRecorder? = nil, live: LiveShow? = nil,
        hooks: PlayerHooks = PlayerHooks()
    ) {
        let output = Size(width: 1280, height: 720)
        self.live = live
        self.engine =
            live?.makeEngine(output: output, touch: touch)
            ?? ShowEngine(slides: slides, options: options, output: output, touch: touch)
        for event in input { engine.enqueue(event) }
        self.touch = touch
        self.engine.overlays = overlays.stack(slides: self.engine.show.slides, timeZone: Self.zone(live))
        self.engine.wallClockOrigin = wallClockOrigin
        self.overlayOptions = overlays
        self.display = display
        self.loader = ImageLoader(decoder: decoder)
        self.recorder = recorder
        self.hooks = hooks
    }

    private var slides: [Slide] { engine.show.slides }

    /// Runs until the user quits. Returns the exit code.
    public func run() throws -> Int32 {
        let screen = try Display(display)
        // SDL's software renderer blends slowly; frames are composed in Swift there instead.
        let scene: any SceneDrawing =
            screen.rendererName == "software"
            ? SoftwareSceneRenderer(
                renderer: screen.renderer, fontPath: overlayOptions.font,
                target: { SDL_GetWindowSurface(screen.window) })
            : SceneRenderer(renderer: screen.renderer, fontPath: overlayOptions.font)
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
                loader.cacheBudget = DecodedImageCache.defaultBudget(for: output)
            }
            engine.output = output

            wallClock += frameTime
            receiveDecodes(into: scene)
            checkForImages()
            guard engine.show.count > 0 || waiting != nil || live != nil || brokenPlaylist != nil else {
                log.error("no image could be decoded; nothing to show")
                return 1
            }
            pollEvents(screen)
            if texturesLost {
                log.warning("the renderer lost its textures; loading the images again")
                texturesLost = false
                redraw.invalidate()
                scene.removeAll()
                rotated.reset()
                decodedFor.removeAll()
            }
            if !started, isShowing(scene) {
                started = true
                engine.status = nil
            }
            if started {
                // A copy: the closures run while the engine is being modified and must not read it.
                let list = slides
                let requests = engine.advance(by: frameTime) {
                    scene.hasImage(list[$0].source)
                } imageSize: {
                    list.indices.contains($0) ? scene.imageSize(list[$0].source) : nil
                }
                for request in requests {
                    switch request {
                    case .quit: running = false
                    case .toggleFullscreen: screen.toggleFullscreen()
                    }
                }
            }
            if let limit = display.quitAfter, engine.time >= limit {
                log.info("quitting after \(limit) s of show time as asked (--quit-after)")
                running = false
            }
            followSources(monotonic: Double(now) / frequency)
            let displayOn = updateLive(scene, monotonic: Double(now) / frequency)
            if displayOn { requestDecodes(output: output, maxSide: screen.maxTextureSide, scene: scene) }

            let frame =
                displayOn
                ? engine.scene(
                    imageSize: { i in scene.imageSize(slides[i].source) },
                    metadata: { i in metadata[slides[i].source] })
                : Scene(size: engine.output, background: .black)
            let seconds = Double(now) / frequency
            let keys = frame.slidesDrawn.map { slides.indices.contains($0) ? slides[$0].source : "" }
            guard redraw.needsDrawing(frame, keys: keys, at: seconds) else {
                // The same picture as on the screen: nothing to draw, and a rest for the CPU or GPU.
                SDL_Delay(10)
                continue
            }
            rotated.draw(frame, rotation: display.rotation, panel: panel, with: scene) { i in
                slides.indices.contains(i) ? slides[i].source : nil
            }
            screen.present()
            redraw.presented(frame, keys: keys, at: seconds)
            // A fast move drawn with nearest sampling gets its sharp frame as soon as it stops.
            if scene.lastFrameApproximate { redraw.invalidate() }
            hooks.framePresented(Double(SDL_GetPerformanceCounter()) / frequency, status)
            if !screen.hasVsync { SDL_Delay(8) }
        }
        live?.finish(engine)
        hooks.willStop(engine)
        return 0
    }

    /// What is showing, in one line for the service manager.
    private var status: String {
        guard slides.indices.contains(engine.show.index) else { return engine.status == nil ? "no slide" : "waiting" }
        let name = slides[engine.show.index].source.split(separator: "/").last.map(String.init) ?? ""
        let paused = engine.show.isPaused ? ", paused" : ""
        return "showing \(engine.show.index + 1)/\(slides.count) \(name)\(paused)"
    }

    /// Takes new slides and settings from the reload hook; keeps the show on any problem.
    private func reload() {
        redraw.invalidate()
        do {
            guard let setup = try hooks.reload() else { return }
            guard !setup.slides.isEmpty || waiting != nil else {
                log.error("reload found no slides; keeping the current show")
                return
            }
            var next = ShowEngine(slides: setup.slides, options: setup.options, output: engine.output, touch: touch)
            next.overlays = setup.overlays.stack(slides: setup.slides)
            next.wallClockOrigin = engine.wallClockOrigin.map { $0 + engine.time }
            engine = next
            overlayOptions = setup.overlays
            display.rotation = setup.rotation
            if let list = setup.listSources {
                sourceWatch = SourceWatch(list: list)
                if waiting != nil { waiting = (setup.sources, { list().map { Slide(source: $0) } }) }
            }
            started = false
            log.info("reloaded: \(setup.slides.count) slides")
        } catch {
            log.error("reload failed, keeping the current show: \(error)")
        }
    }

    private func receiveDecodes(into scene: any SceneDrawing) {
        for (request, result) in loader.drain() {
            switch result {
            case .success(let image):
                if scene.setImage(image.pixels, sourceSize: image.sourceSize, for: request.path) {
                    redraw.invalidate()
                    decodedFor[request.path] = request.output
                    metadata[request.path] = image.metadata
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
        live?.failed(path)
    }

    /// Keeps the slides the engine wants decoded for the current output size; frees the rest.
    private func requestDecodes(output: Size, maxSide: Int, scene: any SceneDrawing) {
        var keep: Set<String> = []
        var wanted: Set<DecodeRequest> = []
        for i in engine.wantedSlides {
            let slide = slides[i]
            keep.insert(slide.source)
            let target = engine.decodeOutput(for: i)
            // A decode for a size at least this large serves (a full image drawn as a thumbnail).
            if let have = decodedFor[slide.source], scene.hasImage(slide.source),
                have == target || (target != output && have.width >= target.width && have.height >= target.height)
            {
                continue
            }
            let request = DecodeRequest(
                path: slide.source, output: target, fit: slide.fit ?? engine.show.options.fit,
                background: engine.show.options.background, maxSide: maxSide)
            wanted.insert(request)
            loader.request(request)
        }
        // Decodes queued for slides the show has moved past are dropped.
        loader.keepOnly(wanted)
        scene.retainOnly(keep)
        metadata = metadata.filter { keep.contains($0.key) }
        decodedFor = decodedFor.filter { keep.contains($0.key) }
    }

    /// SDL events become core input events at the engine's current time.
    private func pollEvents(_ screen: Display) {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if wakesDisplay(event) { continue }
            switch SDL_EventType(event.type) {
            case SDL_QUIT:
                running = false
            case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
                texturesLost = true
            case SDL_WINDOWEVENT:
                // Exposed, resized, shown: the window's contents must be drawn again.
                redraw.invalidate()
            case SDL_KEYDOWN:
                if let key = KeyMap.key(event.key.keysym.sym) {
                    enqueue(InputEvent(time: engine.renderTime, kind: .key(key)))
                }
            default:
                if let input = pointers.translate(event, window: screen.window, time: engine.renderTime) {
                    enqueue(input)
                }
            }
        }
    }

    /// Queues an input event, its panel coordinates first mapped to the turned picture
    /// (so traces are recorded in the picture's coordinates, as snapshots replay them).
    private func enqueue(_ event: InputEvent) {
        let event = display.rotation.logical(event)
        recorder?.record(event)
        engine.enqueue(event)
    }
}
