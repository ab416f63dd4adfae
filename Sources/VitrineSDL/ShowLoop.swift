import CSDL2
import Foundation
import VitrineCore
import VitrineMedia

/// The frame loop of `play` and `soak`: one flat list of named steps over one
/// context, the same on a window and on a memory surface.
final class ShowLoop {
    private(set) var director: ShowDirector
    let canvas: any ShowCanvas
    private var clock: any FrameClock
    private let loader: ImageLoader
    private let hooks: PlayerHooks
    private let recorder: InputTraceRecorder?
    /// What the player does to the display itself (DPMS, backlight, CEC); nil does nothing.
    private let power: DisplayPower?
    private var panelWasDark = false
    private var lastPrinted: String?
    private let log = Log("play")
    /// What the drawer holds, as the director sees it.
    var images = LoadedImages()
    var redraw = RedrawPolicy()
    /// The show's video clips.
    let videos = VideoDeck()
    /// Where clips render on a GL renderer (made when the first clip is wanted).
    var videoGL = VideoGLState.untried
    /// Frames at 60 Hz where the renderer does not wait for vsync.
    private var pacer = FramePacer()
    private var lastPanel: Size?
    /// Images decoded and uploaded so far.
    private(set) var decodes = 0
    /// Frames drawn so far.
    private(set) var frames = 0
    /// Set when a wait for decodes gave up: the decoder hangs.
    private(set) var stalled = false
    /// A remote asked for a reload; it is done at the next frame.
    private var reloadAsked = false
    private var lastState = -Double.infinity
    private var lastCapture: (time: Double, keys: [String])?
    /// What has been drawn unchanged since when, for pictures at rest.
    private var resting: (keys: [String], since: Double)?
    /// The texts over the picture at rest, and since when (a clock with seconds never rests long).
    private var textsResting: (texts: [String], since: Double)?
    /// Whether the renderer really draws the photos (checked once, on the first lit one).
    private var rendererCheck = RendererCheck()
    /// The virtual terminal the screen is shared with (KMS/DRM); nil elsewhere.
    private let console: ConsoleLink?

    init(
        director: ShowDirector, canvas: any ShowCanvas, clock: any FrameClock, decoder: any ImageDecoding,
        hooks: PlayerHooks = PlayerHooks(), recorder: InputTraceRecorder? = nil, console: ConsoleLink? = nil,
        power: DisplayPower? = nil
    ) {
        self.console = console
        self.power = power
        self.director = director
        self.canvas = canvas
        self.clock = clock
        self.loader = ImageLoader(decoder: decoder)
        self.hooks = hooks
        self.recorder = recorder
    }

    /// One frame; the output's exit code, when set, ends the show.
    func step() -> FrameOutput {
        let tick = clock.tick()
        let failed = takeDecodes() + takeVideoFrames()
        let polled = pollEvents()
        let out = director.frame(
            FrameInput(
                frameTime: tick.frameTime, monotonic: tick.monotonic, wall: tick.wall, output: logicalSize(),
                events: polled.input, images: images, failed: failed,
                control: polled.quit ? .stop : control(), commands: hooks.commands(),
                onboarding: hooks.onboarding()))
        perform(out.requests)
        followPower(tick)
        schedule(out.decodes)
        videos.follow(out.videos)
        present(out, at: tick.monotonic)
        report(at: tick.monotonic)
        return out
    }

    /// Runs frames until the show ends; returns its exit code.
    func run() -> Int32 {
        while true {
            if let code = step().exitCode {
                power?.finish()
                return code
            }
        }
    }

    // MARK: Steps

    /// The output in the picture's coordinates; a new size resizes the decode cache.
    private func logicalSize() -> Size {
        let panel = canvas.panelSize
        if panel != lastPanel {
            lastPanel = panel
            let output = director.rotation.logicalSize(for: panel)
            log.info("output \(Int(output.width))x\(Int(output.height))")
            loader.cacheBudget = DecodedImageCache.defaultBudget(for: output)
            redraw.invalidate()
        }
        return director.rotation.logicalSize(for: panel)
    }

    /// Finished decodes go into the drawer; the failures are handed to the director.
    private func takeDecodes() -> [(path: String, reason: String)] {
        var failed: [(path: String, reason: String)] = []
        for (request, result) in loader.drain() {
            switch result {
            case .success(let image):
                rendererCheck.decoded(request.path, pixels: image.pixels)
                if canvas.drawer.setImage(image.pixels, sourceSize: image.sourceSize, for: request.path) {
                    images.images[request.path] = LoadedImage(
                        sourceSize: image.sourceSize, decodedFor: request.output, metadata: image.metadata)
                    decodes += 1
                    redraw.invalidate()
                } else {
                    let size = "\(image.pixels.width)x\(image.pixels.height)"
                    failed.append(
                        (
                            path: request.path, reason: "\(request.path): the renderer refused a \(size) texture"
                        ))
                }
            case .failure(let error):
                failed.append((path: request.path, reason: error.description))
            }
        }
        return failed
    }

    /// SDL's events, turned into the picture's coordinates and recorded.
    private func pollEvents() -> PolledEvents {
        var polled = canvas.poll(time: director.renderTime)
        if let console {
            if console.follow() { redraw.invalidate() }
            // Keys typed on another terminal are not for the show (SDL reads the devices anyway).
            if !console.onScreen { polled.input = [] }
            if console.onScreen, let terminal = polled.terminal { console.activate(terminal) }
        }
        if polled.texturesLost {
            log.warning("the renderer lost its textures; loading the images again")
            canvas.reset()
            images.images.removeAll()
        }
        if polled.exposed || polled.texturesLost { redraw.invalidate() }
        polled.input = polled.input.map(director.rotation.logical)
        for event in polled.input { recorder?.record(event) }
        return polled
    }

    private func control() -> FrameInput.Control {
        let asked = hooks.control()
        let wanted = reloadAsked && asked == .keepGoing ? .reload : asked
        reloadAsked = false
        switch wanted {
        case .keepGoing: return .keepGoing
        case .stop: return .stop
        case .reload:
            redraw.invalidate()
            do {
                guard let fresh = try hooks.reload() else { return .keepGoing }
                return .reload(fresh.setup, fresh.feed)
            } catch {
                log.error("reload failed, keeping the current show: \(error)")
                return .keepGoing
            }
        }
    }

    private func perform(_ requests: [EngineRequest]) {
        for request in requests {
            switch request {
            case .toggleFullscreen: canvas.toggleFullscreen()
            case .reload: reloadAsked = true
            case .quit: break
            }
        }
    }

    /// The show's state for remotes, a few times a second.
    private func report(at time: Double) {
        guard let stateChanged = hooks.stateChanged, time - lastState >= 0.25 || time < lastState else { return }
        lastState = time
        var state = director.remoteState(version: hooks.version)
        state.power = power?.report
        stateChanged(state)
    }

    /// The display's devices follow the director's on/off and the dim windows; `--print-state`
    /// prints a line each time the slide or the display's power changes.
    private func followPower(_ tick: FrameTick) {
        if let power {
            power.frame(
                on: director.displayOn, spec: director.displaySpec,
                wall: Date(timeIntervalSince1970: tick.wall + director.setup.clockOffset),
                clock: director.programme.schedule.clock, now: tick.monotonic)
            if panelWasDark, !power.panelDark { redraw.invalidate() }
            panelWasDark = power.panelDark
        }
        guard let printState = hooks.printState else { return }
        var report = director.report(at: director.renderTime)
        report.power = power?.report
        let key = "\(report.index) \(report.count) \(report.displayOn) \(report.power?.milestone ?? "")"
        guard key != lastPrinted else { return }
        lastPrinted = key
        printState(report.json)
    }

    /// Whether this frame is the one to take a picture of for remotes: the screen at rest, a
    /// change a person would notice since the last picture (another slide, a notice or caption
    /// shown or gone, the display off or on, a browse or grid view moved), and not sooner than
    /// the interval. A picture is taken once the same picture has been drawn this long, so it
    /// is never one of a fade.
    static let captureSettle = 1.0
    /// The keys of the dark picture sent while the panel is off.
    static let darkKeys = ["display off"]

    private func wantsCapture(_ out: FrameOutput, at time: Double) -> Bool {
        let mode = director.engine.mode
        guard let interval = hooks.frameInterval, out.scene.slidesDrawn.count <= 1 || mode != .attract else {
            resting = nil
            return false
        }
        let (picture, texts) = Self.captureParts(out, mode: mode)
        if resting?.keys != picture || time < (resting?.since ?? time) { resting = (picture, time) }
        if textsResting?.texts != texts || time < (textsResting?.since ?? time) { textsResting = (texts, time) }
        guard let since = resting?.since, time - since >= Self.captureSettle,
            let textsSince = textsResting?.since, time - textsSince >= Self.captureSettle / 2
        else { return false }
        guard let last = lastCapture else { return true }
        return last.keys != picture + texts && time - last.time >= interval
    }

    /// What makes one picture of the screen another: the slides drawn, the texts over them,
    /// and, outside the slideshow, where each slide is drawn (to a twentieth of the screen).
    static func captureKeys(_ out: FrameOutput, mode: ShowMode) -> [String] {
        let (picture, texts) = captureParts(out, mode: mode)
        return picture + texts
    }

    /// The keys of the picture (slides, mode, where they are drawn) and of its texts, apart:
    /// the picture must rest `captureSettle`, its texts half that.
    static func captureParts(_ out: FrameOutput, mode: ShowMode) -> (picture: [String], texts: [String]) {
        var keys = out.drawnKeys + [mode.rawValue]
        var texts: [String] = []
        let size = out.scene.size
        for op in out.scene.ops {
            switch op {
            case .text(let block, _, _): texts.append(block.text)
            case .image(_, let rect, _) where mode != .attract && size.width > 0 && size.height > 0:
                let step = { (value: Double, side: Double) in String(Int((value * 20 / side).rounded())) }
                keys.append(
                    [step(rect.x, size.width), step(rect.y, size.height), step(rect.width, size.width)].joined(
                        separator: ","))
            default: break
            }
        }
        return (keys, texts)
    }

    /// Asks for the decodes the director planned, drops what it does not keep.
    private func schedule(_ plan: DecodePlan) {
        let maxSide = canvas.maxTextureSide
        scheduleVideos(plan)
        let wanted = plan.wants.filter { !$0.video }.map { want in
            DecodeRequest(
                path: want.path, output: want.output, fit: want.fit, background: want.background, maxSide: maxSide)
        }
        for request in wanted { loader.request(request) }
        // Decodes queued for slides the show has moved past are dropped.
        loader.keepOnly(Set(wanted))
        canvas.drawer.retainOnly(plan.keep)
        images.images = images.images.filter { plan.keep.contains($0.key) }
        images.clipLengths = images.clipLengths.filter { plan.keep.contains($0.key) }
        if clock.waitsForDecodes, !wanted.isEmpty, !loader.waitUntilIdle(seconds: 30) { stalled = true }
    }

    /// Draws the frame unless it is the very picture on the screen; pings the service manager.
    private func present(_ out: FrameOutput, at time: Double) {
        guard console?.onScreen ?? true else {
            // Another terminal shows: nothing is drawn; the loop still runs (and says so).
            hooks.framePresented(time, out.status, false)
            SDL_Delay(20)
            return
        }
        if power?.panelDark == true {
            // The panel is off by DPMS: nothing to draw (page flips would fail), the loop still lives.
            // Remotes get a dark picture once.
            if hooks.frameInterval != nil, lastCapture?.keys != Self.darkKeys {
                let size = (width: max(1, Int(out.scene.size.width)), height: max(1, Int(out.scene.size.height)))
                hooks.frameCaptured(PixelBuffer(width: size.width, height: size.height, color: 0xFF00_0000))
                lastCapture = (time, Self.darkKeys)
                resting = nil
            }
            hooks.framePresented(time, out.status, out.showsContent)
            SDL_Delay(20)
            return
        }
        let keys = out.drawnKeys
        let capture = wantsCapture(out, at: time)
        // Accelerated runs draw every frame; a real screen skips repeats (but not one to take a picture of).
        guard clock.waitsForDecodes || capture || redraw.needsDrawing(out.scene, keys: keys, at: time) else {
            // The same picture as on the screen: nothing to draw, and a rest for the CPU or GPU.
            if !clock.waitsForDecodes { SDL_Delay(10) }
            return
        }
        let judging = rendererCheck.wants(out)
        let picture = canvas.present(
            out.scene, rotation: out.rotation, key: out.path, capture: capture || judging)
        if capture, let picture {
            lastCapture = (time, Self.captureKeys(out, mode: director.engine.mode))
            hooks.frameCaptured(picture)
        }
        frames += 1
        redraw.presented(out.scene, keys: keys, at: time)
        // A fast move drawn with nearest sampling gets its sharp frame as soon as it stops.
        if canvas.drawer.lastFrameApproximate { redraw.invalidate() }
        let drawn = judging ? checkRenderer(picture) : true
        hooks.framePresented(time, out.status, out.showsContent && drawn)
        if !canvas.hasVsync, !clock.waitsForDecodes { pacer.wait() }
    }

    /// Judges the first photo frame read back: a renderer that drew only black is replaced by
    /// the next one, the images loaded again. Returns whether the frame showed the photo.
    private func checkRenderer(_ picture: PixelBuffer?) -> Bool {
        let name = canvas.rendererName
        switch rendererCheck.judge(picture) {
        case .notJudged:
            return true
        case .draws:
            log.info("renderer \(name) draws the photos (the first one read back)")
            return true
        case .unreadable:
            log.info("renderer \(name): the frame cannot be read back; whether it draws is not checked")
            return true
        case .black:
            dropVideoGL()
            guard let next = canvas.replaceRenderer() else {
                log.error("renderer \(name) presents only black where a photo should be, and no other is left")
                rendererCheck.stop()
                return false
            }
            log.warning("renderer \(name) presents only black where a photo should be; using \(next) instead")
            images.images.removeAll()
            redraw.invalidate()
            return false
        }
    }
}
