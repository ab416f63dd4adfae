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
    private var log: Log { Log("play") }
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
    /// When a picture of the screen is taken for remotes.
    private var capture = PictureCapture()
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
        if !out.markEvents.isEmpty { hooks.marked(out.markEvents) }
        followPower(tick)
        schedule(out.decodes)
        videos.follow(out.videos)
        present(out, at: tick.monotonic)
        report(at: tick.monotonic.seconds)
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
        var polled = canvas.poll(time: director.renderTime.seconds)
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
                wall: director.setup.scheduleDate(tick.wall), clock: director.programme.schedule.clock,
                now: tick.monotonic.seconds)
            if panelWasDark, !power.panelDark { redraw.invalidate() }
            panelWasDark = power.panelDark
        }
        guard let printState = hooks.printState else { return }
        var report = director.report(at: director.renderTime.seconds)
        report.power = power?.report
        let key = "\(report.index) \(report.count) \(report.displayOn) \(report.power?.milestone ?? "")"
        guard key != lastPrinted else { return }
        lastPrinted = key
        printState(report.json)
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
    private func present(_ out: FrameOutput, at instant: MonotonicInstant) {
        let time = instant.seconds
        guard console?.onScreen ?? true else {
            // Another terminal shows: nothing is drawn; the loop still runs (and says so).
            hooks.framePresented(time, out.status, false)
            SDL_Delay(20)
            return
        }
        if power?.panelDark == true {
            // The panel is off by DPMS: nothing to draw (page flips would fail), the loop still lives.
            // Remotes get a dark picture once.
            if capture.panelDark(interval: hooks.frameInterval, at: instant) {
                let size = (width: max(1, Int(out.scene.size.width)), height: max(1, Int(out.scene.size.height)))
                hooks.frameCaptured(PixelBuffer(width: size.width, height: size.height, color: 0xFF00_0000))
            }
            hooks.framePresented(time, out.status, out.showsContent)
            SDL_Delay(20)
            return
        }
        let keys = out.drawnKeys
        let takePicture = capture.wants(
            out, mode: director.engine.mode, interval: hooks.frameInterval, settle: hooks.captureSettle, at: instant)
        // Accelerated runs draw every frame; a real screen skips repeats (but not one to take a picture of).
        guard clock.waitsForDecodes || takePicture || redraw.needsDrawing(out.scene, keys: keys, at: time) else {
            // The same picture as on the screen: nothing to draw, and a rest for the CPU or GPU.
            if !clock.waitsForDecodes { SDL_Delay(10) }
            return
        }
        let judging = rendererCheck.wants(out)
        let picture = canvas.present(
            out.scene, rotation: out.rotation, key: out.path, capture: takePicture || judging)
        if takePicture, let picture {
            capture.taken(out, mode: director.engine.mode, at: instant)
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
