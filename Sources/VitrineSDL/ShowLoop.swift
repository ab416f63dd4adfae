import CSDL2
import Foundation
import VitrineCore
import VitrineMedia
import VitrinePOSIX

/// The frame loop of `play` and `soak`: one flat list of named steps over one
/// context, the same on a window and on a memory surface.
final class ShowLoop {
    private(set) var director: ShowDirector
    let canvas: any ShowCanvas
    /// The clock's ticks, the pace without vsync, the rests between frames.
    private var timing: FrameTiming
    /// Decodes off the render thread (tests wait on it, so decodes take no time of their clock).
    let loader: ImageLoader
    private let hooks: PlayerHooks
    /// The input trace, the display's power devices, the virtual terminal.
    private let links: LoopLinks
    private var log: Log { Log("play") }
    /// What the drawer holds, as the director sees it.
    var images = LoadedImages()
    /// The show's clips.
    var video = LoopVideo()
    /// The output size, redraws, pictures for remotes, the renderer's check.
    var screen: ScreenState
    /// Decodes, frames, passes and rests so far.
    private(set) var counts = LoopCounts()
    /// When the state goes to remotes and `--print-state`.
    private var reports = ReportPace()
    /// A remote asked for a reload; it is done at the next frame.
    private var reloadAsked = false
    /// When the file pages touched so far go back (at rest).
    private var filePages = FilePagesPace()

    init(
        director: ShowDirector, canvas: any ShowCanvas, clock: any FrameClock, decoder: any ImageDecoding,
        hooks: PlayerHooks = PlayerHooks(), recorder: InputTraceRecorder? = nil, console: ConsoleLink? = nil,
        power: DisplayPower? = nil
    ) {
        self.links = LoopLinks(recorder: recorder, power: power, console: console)
        self.director = director
        self.canvas = canvas
        self.timing = FrameTiming(clock: clock)
        self.loader = ImageLoader(decoder: decoder)
        self.hooks = hooks
        self.screen = ScreenState(keepAlive: hooks.keepAlive)
    }

    /// Images decoded and uploaded so far.
    var decodes: Int { counts.decodes }
    /// Frames drawn so far.
    var frames: Int { counts.frames }
    /// Set when a wait for decodes gave up: the decoder hangs.
    var stalled: Bool { counts.stalled }

    /// One frame; the output's exit code, when set, ends the show.
    func step() -> FrameOutput {
        counts.steps += 1
        if timing.rested { counts.rests += 1 }
        let (pieces, tick) = timing.tick(maxFrame: director.engine.clock.maxFrame)
        if let ended = catchUp(pieces) { return ended }
        let failed = takeDecodes() + takeVideoFrames()
        let polled = pollEvents()
        var input = FrameInput(
            frameTime: tick.frameTime, monotonic: tick.monotonic, wall: tick.wall, output: logicalSize(),
            events: polled.input, images: images, failed: failed,
            control: polled.quit ? .stop : control(), commands: hooks.commands(),
            onboarding: hooks.onboarding())
        input.presence = hooks.presence()
        let out = director.frame(input)
        hooks.followPresence(director.displaySpec.presence)
        perform(out.requests)
        if !out.markEvents.isEmpty { hooks.marked(out.markEvents) }
        followPower(tick)
        schedule(out.decodes)
        video.deck.follow(out.videos)
        let drawn = present(out, at: tick.monotonic)
        report(at: tick.monotonic)
        if out.exitCode == nil { sleep(after: out, drawn: drawn, tick: tick) }
        return out
    }

    /// Runs frames until the show ends; returns its exit code.
    func run() -> Int32 {
        while true {
            if let code = step().exitCode {
                links.power?.finish()
                log.info(counts.summary)
                return code
            }
        }
    }

    // MARK: Steps

    /// The output in the picture's coordinates; a new size resizes the decode cache.
    private func logicalSize() -> Size {
        let panel = canvas.panelSize
        if screen.panelChanged(to: panel) {
            let output = director.rotation.logicalSize(for: panel)
            log.info("output \(Int(output.width))x\(Int(output.height))")
            // The drawer keeps what the plan keeps (the slide before included): the cache holds
            // one image more, for a step back past it, not three.
            loader.cacheBudget = DecodedImageCache.defaultBudget(for: output) / 3
        }
        return director.rotation.logicalSize(for: panel)
    }

    /// Finished decodes go into the drawer; the failures are handed to the director.
    private func takeDecodes() -> [(path: String, reason: String)] {
        var failed: [(path: String, reason: String)] = []
        for (request, result) in loader.drain() {
            switch result {
            case .success(let image):
                screen.rendererCheck.decoded(request.path, pixels: image.pixels)
                if canvas.drawer.setImage(image.pixels, sourceSize: image.sourceSize, for: request.path) {
                    if let backdrop = image.backdrop { canvas.drawer.setBackdrop(backdrop, for: request.path) }
                    images.images[request.path] = LoadedImage(
                        sourceSize: image.sourceSize, decodedFor: request.output, metadata: image.metadata)
                    counts.decodes += 1
                    screen.redraw.invalidate()
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
        if let console = links.console {
            if console.follow() { screen.redraw.invalidate() }
            // Keys typed on another terminal are not for the show (SDL reads the devices anyway).
            if !console.onScreen { polled.input = [] }
            if console.onScreen, let terminal = polled.terminal { console.activate(terminal) }
        }
        if polled.texturesLost {
            log.warning("the renderer lost its textures; loading the images again")
            canvas.reset()
            images.images.removeAll()
        }
        if polled.exposed || polled.texturesLost { screen.redraw.invalidate() }
        polled.input = polled.input.map(director.rotation.logical)
        for event in polled.input { links.recorder?.record(event) }
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
            screen.redraw.invalidate()
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
    private func report(at time: MonotonicInstant) {
        guard let stateChanged = hooks.stateChanged, reports.stateDue(at: time) else { return }
        var state = director.remoteState(version: hooks.version)
        state.power = links.power?.report
        stateChanged(state)
    }

    /// The display's devices follow the director's on/off and the dim windows; `--print-state`
    /// prints a line each time the slide or the display's power changes.
    private func followPower(_ tick: FrameTick) {
        if let power = links.power {
            power.frame(
                on: director.displayOn, spec: director.displaySpec,
                wall: director.setup.scheduleDate(tick.wall), clock: director.programme.schedule.clock,
                now: tick.monotonic)
            screen.panel(dark: power.panelDark)
        }
        guard let printState = hooks.printState else { return }
        var report = director.report(at: director.renderTime)
        report.power = links.power?.report
        let key =
            "\(report.index) \(report.count) \(report.displayOn) \(report.paused) \(report.unseen ?? -1) "
            + (report.power?.milestone ?? "")
        guard reports.printDue(key) else { return }
        printState(report.json)
    }

    /// Asks for the decodes the director planned, drops what it does not keep.
    private func schedule(_ plan: DecodePlan) {
        let maxSide = canvas.maxTextureSide
        scheduleVideos(plan)
        let wanted = plan.wants.filter { !$0.video }.map { want in
            DecodeRequest(
                path: want.path, output: want.output, fit: want.fit, background: want.background, maxSide: maxSide,
                backdrop: want.backdrop, faces: want.faces)
        }
        for request in wanted { loader.request(request) }
        // Decodes queued for slides the show has moved past are dropped.
        loader.keepOnly(Set(wanted))
        canvas.drawer.retainOnly(plan.keep)
        images.images = images.images.filter { plan.keep.contains($0.key) }
        images.clipLengths = images.clipLengths.filter { plan.keep.contains($0.key) }
        if timing.waitsForDecodes, !wanted.isEmpty, !loader.waitUntilIdle(seconds: 30) { counts.stalled = true }
    }

    /// Draws the frame unless it is the very picture on the screen; pings the service manager.
    /// Returns whether a frame was drawn.
    private func present(_ out: FrameOutput, at time: MonotonicInstant) -> Bool {
        guard links.console?.onScreen ?? true else {
            // Another terminal shows: nothing is drawn; the loop still runs (and says so).
            hooks.framePresented(time, out.status, false)
            SDL_Delay(20)
            return true
        }
        if links.power?.panelDark == true {
            // The panel is off by DPMS: nothing to draw (page flips would fail), the loop still lives.
            // Remotes get a dark picture once.
            if screen.capture.panelDark(interval: hooks.frameInterval, at: time) {
                let size = (width: max(1, Int(out.scene.size.width)), height: max(1, Int(out.scene.size.height)))
                hooks.frameCaptured(PixelBuffer(width: size.width, height: size.height, color: 0xFF00_0000))
            }
            hooks.framePresented(time, out.status, out.showsContent)
            return false
        }
        let keys = out.drawnKeys
        let takePicture = screen.capture.wants(
            out, mode: director.engine.mode, interval: hooks.frameInterval, settle: hooks.captureSettle,
            atOnceAtRest: hooks.captureAtOnceAtRest, at: time)
        // Accelerated runs draw every frame; a real screen skips repeats (but not one to take a picture of).
        guard timing.waitsForDecodes || takePicture || screen.redraw.needsDrawing(out.scene, keys: keys, at: time)
        else {
            screen.statusWait = hooks.frameRested(time, out.status)
            return false
        }
        screen.statusWait = nil
        let judging = screen.rendererCheck.wants(out)
        let picture = canvas.present(
            out.scene, rotation: out.rotation, key: out.path, capture: takePicture || judging)
        if takePicture, let picture {
            screen.capture.taken(out, mode: director.engine.mode, at: time)
            hooks.frameCaptured(picture)
        }
        counts.frames += 1
        screen.drawnAt = time
        screen.redraw.presented(out.scene, keys: keys, at: time)
        // A fast move drawn with nearest sampling gets its sharp frame as soon as it stops.
        if canvas.drawer.lastFrameApproximate { screen.redraw.invalidate() }
        let drawn = judging ? checkRenderer(picture) : true
        hooks.framePresented(time, out.status, out.showsContent && drawn)
        timing.pace(vsync: canvas.hasVsync)
        return true
    }

    /// After a frame: rests until the next deadline when nothing moves (`RestSchedule`), else
    /// gives the CPU a moment when nothing was drawn; a drawn frame was paced by `present`.
    private func sleep(after out: FrameOutput, drawn: Bool, tick: FrameTick) {
        guard !timing.waitsForDecodes, !drawn else { return }
        let frame = RestSchedule.Frame(
            drawn: drawn,
            busy: !out.decodes.wants.isEmpty || !video.deck.openPaths.isEmpty || director.movesBetweenFrames
                || links.power?.report.fading == true,
            showChanges: director.nextChanges(wall: tick.wall) + pictureDue(at: tick.monotonic)
                + (screen.statusWait.map { [$0] } ?? [])
                + (reports.stateWait(at: tick.monotonic).map { [$0] } ?? []),
            keepAlive: screen.redraw.keepAliveDue(at: tick.monotonic),
            lookAround: lookAround(),
            longest: hooks.clockSetRings ? RestSchedule.longestWhenTheClockRings : RestSchedule.longest)
        if !frame.busy, filePages.due(at: tick.monotonic, frames: counts.frames, decodes: counts.decodes) {
            giveBackFilePages()
        }
        timing.rest(after: frame, on: canvas)
    }

    /// How long until the first look at what cannot wake a resting loop (the content, the hooks,
    /// the display's devices); nil when everything does.
    private func lookAround() -> Seconds? {
        let devices = links.power?.drivesDevices == true ? RestSchedule.lookAround : nil
        return [director.contentLook, hooks.lookAround, devices].compactMap { $0 }.min()
    }

    /// Gives back the file pages touched so far (`FilePages`); says so once, the first time.
    private func giveBackFilePages() {
        guard let report = FilePages.giveBack() else {
            if counts.filePageGiveBacks == 0 {
                log.info("the file pages touched cannot be given back: /proc is not readable")
            }
            counts.filePageGiveBacks += 1
            return
        }
        let since = counts.filePageGiveBacks == 0 ? "since the start" : "since the last time"
        let refused = report.refused > 0 ? ", \(report.refused) refused" : ""
        let said =
            "gave back \(report.residentKiB / 1024) MiB of file pages touched \(since) (\(report.mappings) mappings\(refused))"
        if counts.filePageGiveBacks == 0 { log.info(said) } else { log.debug(said) }
        counts.filePageGiveBacks += 1
    }

    /// While remotes want pictures of the screen: when the picture drawn last has rested long
    /// enough to be taken, and the interval since the last one taken has passed (it is taken by
    /// the frame after), until then.
    private func pictureDue(at now: MonotonicInstant) -> [Seconds] {
        guard let interval = hooks.frameInterval else { return [] }
        let allowed = max(
            screen.drawnAt + hooks.captureSettle, (screen.capture.lastTaken ?? .distantPast) + interval)
        let due = allowed + timing.schedule.frame * 2 - now
        return due > .zero ? [due] : []
    }

    /// After a rest, the time slept goes to the director in the pieces `FrameTiming` cut, as
    /// frames not drawn (`ShowDirector.restedFrame`: the show's clock only), so the frame drawn
    /// is at the show time it should be. Returns the output that ended the show, if one did.
    private func catchUp(_ pieces: [FrameTick]) -> FrameOutput? {
        for piece in pieces {
            var input = FrameInput(
                frameTime: piece.frameTime, monotonic: piece.monotonic, wall: piece.wall, output: logicalSize(),
                events: [], images: images, failed: [], control: .keepGoing, commands: [], onboarding: nil)
            if director.restedFrame(input) { continue }
            // The show ended in the rest: the frame that says so, at the same time.
            input.frameTime = .zero
            return director.frame(input)
        }
        return nil
    }

    /// Judges the first photo frame read back: a renderer that drew only black is replaced by
    /// the next one, the images loaded again. Returns whether the frame showed the photo.
    private func checkRenderer(_ picture: PixelBuffer?) -> Bool {
        let name = canvas.rendererName
        switch screen.rendererCheck.judge(picture) {
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
                screen.rendererCheck.stop()
                return false
            }
            log.warning("renderer \(name) presents only black where a photo should be; using \(next) instead")
            images.images.removeAll()
            screen.redraw.invalidate()
            return false
        }
    }
}
