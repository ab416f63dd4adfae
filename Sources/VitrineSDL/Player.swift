import CSDL2
import VitrineCore
import VitrineMedia

/// The play loop: one flat loop of steps a frame. Drain finished decodes,
/// poll events, advance the show in fixed steps, request decodes, build the
/// scene at the render time, draw, present.
public final class Player {
    private var show: Show
    private let display: DisplayOptions
    private let loader: ImageLoader
    private let log = Log("play")
    private var clock = FixedStepClock()
    private var running = true
    /// The show starts its clock when the first image is on screen.
    private var started = false
    private var outputs: [String: Size] = [:]

    public init(slides: [Slide], options: ShowOptions, display: DisplayOptions, decoder: any ImageDecoding) {
        self.show = Show(slides: slides, options: options)
        self.display = display
        self.loader = ImageLoader(decoder: decoder)
    }

    /// Runs until the user quits. Returns the exit code.
    public func run() throws -> Int32 {
        let screen = try Display(display)
        let scene = SceneRenderer(renderer: screen.renderer)
        defer { scene.removeAll() }
        log.info("renderer \(screen.rendererName), output \(Int(screen.outputSize.width))x\(Int(screen.outputSize.height))")
        let frequency = Double(SDL_GetPerformanceFrequency())
        var last = SDL_GetPerformanceCounter()
        while running {
            let now = SDL_GetPerformanceCounter()
            let frameTime = Double(now - last) / frequency
            last = now
            let output = screen.outputSize

            receiveDecodes(into: scene)
            guard show.count > 0 else {
                log.error("no image could be decoded; nothing to show")
                return 1
            }
            handleEvents(screen)
            if started {
                for t in clock.advance(by: frameTime) {
                    show.update(to: t) { scene.hasImage(show.slides[$0].source) }
                }
            } else if scene.hasImage(show.slides[show.index].source) {
                started = true
            }
            requestDecodes(output: output, maxSide: screen.maxTextureSide, scene: scene)

            let frame = SceneBuilder(output: output).build(show, at: clock.renderTime) { i in
                scene.imageSize(show.slides[i].source)
            }
            scene.draw(frame) { i in show.slides.indices.contains(i) ? show.slides[i].source : nil }
            screen.present()
            if !screen.hasVsync { SDL_Delay(8) }
        }
        return 0
    }

    private func receiveDecodes(into scene: SceneRenderer) {
        for (request, result) in loader.drain() {
            switch result {
            case .success(let image):
                if !scene.setImage(image.pixels, sourceSize: image.sourceSize, for: request.path) {
                    log.warning("skipping \(request.path): the renderer refused a \(image.pixels.width)x\(image.pixels.height) texture: \(SDLError.message())")
                    remove(request.path)
                } else {
                    outputs[request.path] = request.output
                }
            case .failure(let error):
                log.warning("skipping \(error)")
                remove(request.path)
            }
        }
    }

    private func remove(_ path: String) {
        while let i = show.slides.firstIndex(where: { $0.source == path }) {
            show.removeSlide(at: i)
        }
    }

    /// Keeps the current, next and previous slides decoded for the current output size.
    private func requestDecodes(output: Size, maxSide: Int, scene: SceneRenderer) {
        var wanted: [Int] = [show.index]
        if let t = show.transition { wanted.append(t.from) }
        if let pending = show.pending { wanted.append(pending.target) }
        if let next = show.index(after: show.index) { wanted.append(next) }
        if let previous = show.index(before: show.index) { wanted.append(previous) }
        var keep: Set<String> = []
        for i in wanted where show.slides.indices.contains(i) {
            let slide = show.slides[i]
            keep.insert(slide.source)
            if outputs[slide.source] == output, scene.hasImage(slide.source) { continue }
            loader.request(
                DecodeRequest(
                    path: slide.source, output: output, fit: slide.fit ?? show.options.fit,
                    background: show.options.background, maxSide: maxSide))
        }
        scene.retainOnly(keep)
        outputs = outputs.filter { keep.contains($0.key) }
    }

    private func handleEvents(_ screen: Display) {
        var event = SDL_Event()
        let now = clock.time
        let ready: (Int) -> Bool = { [self] i in
            outputs[show.slides[i].source] != nil
        }
        while SDL_PollEvent(&event) != 0 {
            switch SDL_EventType(event.type) {
            case SDL_QUIT:
                running = false
            case SDL_KEYDOWN:
                guard let key = KeyMap.key(event.key.keysym.sym) else { break }
                switch key {
                case .escape, .q: running = false
                case .right: show.next(at: now, isReady: ready)
                case .left: show.previous(at: now, isReady: ready)
                case .space: show.togglePause(at: now)
                case .home: show.move(to: 0, at: now, isReady: ready)
                case .end: show.move(to: show.count - 1, at: now, isReady: ready)
                case .f: screen.toggleFullscreen()
                default: break
                }
            default:
                break
            }
        }
    }
}
