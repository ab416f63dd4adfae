import Foundation

/// The whole show as one frame loop sees it: it owns the engine, the content
/// feed, the programme (schedule and display power), the resume position and
/// the notices, and makes one frame's decisions from plain values. `play`,
/// `soak` and `snapshot` all drive it; a difference between them is a bug.
public struct ShowDirector {
    public internal(set) var engine: ShowEngine
    public private(set) var programme: Programme
    public internal(set) var setup: DirectorSettings
    var environment: ShowEnvironment
    private var resume: ResumeKeeper
    /// The frames run, and how the show's clock runs (held, by the frames, in step with the wall clock).
    var frames = FrameCount()
    /// The document's display section at work: the room's watch, whether the show is paused
    /// because the display is off, and the display's power hooks.
    var power: DisplayTurns
    /// When the feed's slide list is taken and its count said.
    private var listing = SlideListing()
    /// Running (with the decodes that failed, for the verdict on an empty show), or finished.
    private var ending = ShowEnding.running(failures: 0)
    /// What remotes asked for over the schedule (a playlist, the display on or off), and their notices' time.
    var asked = RemoteAsks()
    /// The file on the screen: told to the feed, counted as seen, and the old image standing in
    /// for a replaced one.
    var shown = ShownFile()
    /// The last warnings given (also logged), for tests and the remote state.
    public private(set) var notices: [String] = []

    /// The warning before the schedule switches the display off.
    public static let offWarning: Seconds = 60

    /// A director whose show starts at wall date `wallOrigin` (schedule time).
    /// `input` is a trace to replay (show times).
    public init(
        setup: DirectorSettings, environment: ShowEnvironment, output: Size, wallOrigin: Date,
        input: [InputEvent] = []
    ) {
        self.setup = setup
        self.environment = environment
        let feed = environment.feed
        programme = Programme(
            schedule: feed.document.schedule(), wallOrigin: wallOrigin,
            wakeDuration: setup.wakeDuration)
        // The one place a show engine is made outside tests.
        engine = ShowEngine(
            slides: [], options: setup.options(feed.document, playlist: programme.playlist), output: output,
            touch: setup.touch)
        for event in input { engine.enqueue(event) }
        resume = ResumeKeeper(store: environment.positions, setup: setup, text: feed.fingerprintText)
        power = DisplayTurns(hooks: environment.powerHooks(feed.document.display))
        feed.start()
        if let warning = resume.restore(
            feed: feed, playlist: programme.playlist, synced: setup.sync || feed.document.sync, log: contentLog)
        {
            warn(warning)
        }
        loadMarks()
        let name = programme.playlist
        engine.restart(slides: feed.slides(for: name), options: setup.options(feed.document, playlist: name), at: .zero)
        resume.moveToPending(&engine, feed: feed, log: contentLog)
        engine.overlays = setup.overlays.stack(slides: engine.show.slides, timeZone: zone)
        engine.wallClockOrigin = wallOrigin
        power.room = feed.document.display.presence.map { PresenceWatch(spec: $0, at: .zero) }
        if power.start(on: displayOn) { engine.pauseShow(at: .zero) }
        showStatus()
    }

    var log: Log { Log("play") }
    /// Content, schedule and resume messages.
    private var contentLog: Log { Log("playlist") }
    var feed: any ContentFeed { environment.feed }
    /// How long until the content wants a look though nothing woke a resting loop (`ContentFeed.nextLook`).
    public var contentLook: Seconds? { feed.nextLook }
    private var zone: TimeZoneBox { TimeZoneBox(feed.document.timeZone()) }
    public var rotation: ScreenRotation { setup.rotation }
    /// Show time of the frame being drawn, for stamping input events.
    public var renderTime: ShowTime { engine.renderTime }
    /// Whether the display is on: as a remote asked, else as the schedule (or a touch) says.
    /// Inside the schedule's on windows, nobody present for `display.presence`'s `off-after` turns it off.
    public var displayOn: Bool { asked.display ?? (programme.displayOn && !power.roomEmpty) }
    /// Whether anyone is in the room (`display.presence`); nil when the document watches for nobody.
    public var presence: PresenceWatch? { power.room }
    /// The document's display section: what the player does to the display itself.
    public var displaySpec: DisplaySpec { feed.document.display }
    /// The playlist playing: the one a remote asked for, else the schedule's.
    public var playlist: String { asked.playlist ?? programme.playlist }

    // MARK: One frame

    /// One frame of the running show.
    public mutating func frame(_ input: FrameInput) -> FrameOutput {
        control(input.control)
        engine.output = input.output
        for failure in input.failed { failed(failure) }
        shown.prune(input.images)
        for event in input.events { deliver(event) }
        followPresence(input.presence)
        var requests: [EngineRequest] = []
        for command in input.commands { requests += perform(command, images: input.images) }
        if let onboarding = input.onboarding, onboarding != setup.onboarding {
            setup.onboarding = onboarding
            showStatus()
        }
        if !frames.started, isShowing(input.images) || (isSynced && engine.show.count > 0) { frames.clock.start() }
        engine.show.applyClipLengths(input.images.clipLengths)
        frames.clock.follow(synced: isSynced)
        switch frames.clock {
        case .waiting: break
        case .running: requests += engine.advance(by: input.frameTime, images: input.images)
        case .inStep: requests += advanceInStep(input)
        }
        engine.noteLongPhotos(input.images)
        let marked = keepMarks()
        frames.ran(input.frameTime)
        follow(now: input.monotonic, wall: setup.scheduleDate(input.wall))
        checkEnd(requests)
        var out = output(at: engine.renderTime, images: input.images, requests: requests)
        out.markEvents = marked
        return out
    }

    /// A frame of a rest, not drawn: the loop slept longer than the clock takes at once and
    /// feeds it the time slept in frames of at most `FixedStepClock.maxFrame`, this one of
    /// them. Only the show's clock runs on (a rest is not a stall) and what time alone can end
    /// is checked (`--quit-after`, a show played once). The feed is not polled and no scene or
    /// decode plan is made: nothing came during the rest, or the loop would have woken, and
    /// the drawn frame after these does all that once. Returns false when the show ended.
    public mutating func restedFrame(_ input: FrameInput) -> Bool {
        var requests: [EngineRequest] = []
        switch frames.clock {
        case .waiting: break
        case .running: requests = engine.advanceResting(by: input.frameTime, images: input.images)
        case .inStep: requests = advanceInStep(input)
        }
        frames.ran(input.frameTime)
        checkEnd(requests)
        return ending.exitCode == nil
    }

    /// The show on the ideal timeline (every image ready when wanted) at show
    /// time `time`, the programme read at wall time origin + `time`: what `snapshot` draws.
    public mutating func run(to time: ShowTime, images: LoadedImages) -> FrameOutput {
        frames.clock.start()
        let wall = programme.wallTime(at: .zero).addingTimeInterval(time.seconds)
        for change in programme.advance(to: time, wall: wall) {
            _ = engine.run(to: change.time, images: images)
            apply(change)
        }
        engine.show.applyClipLengths(images.clipLengths)
        let requests = engine.run(to: time, images: images)
        engine.noteLongPhotos(images)
        showStatus()
        engine.download = engine.show.count == 0 ? feed.download : nil
        return output(at: time, images: images, requests: requests)
    }

    private func output(at time: ShowTime, images: LoadedImages, requests: [EngineRequest]) -> FrameOutput {
        let slides = engine.show.slides
        guard displayOn else {
            // Off: black, nothing decoded, nothing kept.
            return FrameOutput(
                scene: Scene(size: engine.output, background: .black), paths: [:], decodes: DecodePlan(),
                requests: requests, status: status, rotation: setup.rotation, exitCode: ending.exitCode)
        }
        // A replaced file's old image is drawn, laid out as the new one, until the new one is loaded.
        let scene = engine.scene(at: time, images: shown.drawn(images))
        var plan = DecodePlanner.plan(engine, drawn: scene, images: images)
        var paths: [Int: String] = [:]
        for i in scene.slidesDrawn where slides.indices.contains(i) {
            let path = slides[i].path
            let file = shown.file(for: path, in: images)
            paths[i] = file
            if file != path { plan.keep.insert(file) }
        }
        var out = FrameOutput(
            scene: scene, paths: paths, decodes: plan, requests: requests, status: status,
            rotation: setup.rotation, exitCode: ending.exitCode)
        out.showsContent = engine.status != nil || (!scene.slidesDrawn.isEmpty && engine.firstPhotoShown(at: time))
        out.videos = engine.show.videoMoments(drawn: scene.slidesDrawn, at: time)
        let moving = engine.show.transition.map { !$0.isFinished(at: time) } ?? false
        out.restingPair = engine.show.pairs.partner != nil && !moving
        return out
    }

    /// Whether the clock can start: the first image is on the screen, or the display is off.
    private func isShowing(_ images: LoadedImages) -> Bool {
        guard displayOn else { return true }
        return engine.currentPath.map(images.isReady) ?? false
    }

    /// What is showing, in one line for the service manager.
    public var status: String {
        let show = engine.show
        guard let source = engine.currentPath else { return engine.status == nil ? "no slide" : "waiting" }
        let name = source.split(separator: "/").last.map(String.init) ?? ""
        return "showing \(show.index + 1)/\(show.count) \(name)\(show.isPaused ? ", paused" : "")"
    }

    // MARK: Inputs

    private mutating func control(_ control: FrameInput.Control) {
        switch control {
        case .keepGoing: break
        case .stop: finish(exitCode: 0)
        case .reload(let setup, let feed): reload(setup, feed: feed)
        }
    }

    /// A key or touch; while the display is off, a press wakes it and does nothing else.
    private mutating func deliver(_ event: InputEvent) {
        if event.isPress, presence != nil {
            let wasOn = displayOn
            power.room?.touched(at: engine.time)
            if !wasOn, displayOn {
                displayChanged(from: wasOn, at: engine.time)
                return
            }
        }
        if !displayOn, event.isPress {
            if let change = programme.wake(at: engine.time) { apply(change) }
            return
        }
        engine.enqueue(event)
    }

    /// A decode failed: the file leaves the show until it changes (one warning).
    private mutating func failed(_ failure: (path: String, reason: String)) {
        log.warning("skipping \(failure.reason)")
        ending.decodeFailed()
        while let i = engine.show.slides.firstIndex(where: { $0.path == failure.path }) {
            engine.removeSlide(at: i)
        }
        _ = feed.markFailed(failure.path)
    }

    /// Quit requests, `--quit-after`, and a show with nothing left that can be decoded.
    private mutating func checkEnd(_ requests: [EngineRequest]) {
        guard ending.exitCode == nil else { return }
        if requests.contains(.quit) { finish(exitCode: 0) }
        if let limit = setup.quitAfter, frames.started ? engine.time - .zero >= limit : frames.runTime >= limit {
            log.info("quitting after \(limit.value) s of show time as asked (--quit-after)")
            finish(exitCode: 0)
        }
        // Once a photo was shown, an empty show waits for its photos (a stick pulled during a decode).
        if !frames.started, !setup.waitForImages, ending.failures > 0, engine.show.count == 0, !feed.isScanning,
            feed.problem == nil
        {
            log.error("no image could be decoded; nothing to show")
            ending.finish(exitCode: 1)
        }
    }

    /// Saves the position and waits for a display command still running.
    private mutating func finish(exitCode code: Int32) {
        guard ending.exitCode == nil else { return }
        resume.save(engine, feed: feed, programme: playlist, now: .distantFuture, log: log).map { warn($0) }
        power.waitUntilIdle()
        if let source = engine.currentPath {
            log.info("stopped at slide \(engine.show.index + 1) of \(engine.show.count): \(source)")
        }
        ending.finish(exitCode: code)
    }

    // MARK: Content and programme

    /// Takes what changed in the feed and in the programme since the last frame.
    private mutating func follow(now: MonotonicInstant, wall: Date) {
        let update = feed.poll(now: now)
        for line in update.rejected { remember(line) }
        if let line = update.notices.last, feed.problem == nil {
            remember(line)
            engine.notice = Notice(line, since: engine.time)
        }
        if let first = update.rejected.first, feed.problem == nil {
            let more = update.rejected.count > 1 ? " (and \(update.rejected.count - 1) more; see the log)" : ""
            engine.notice = Notice(
                "Playlist edit not used, the previous one plays on: \(first)\(more)", since: engine.time)
        }
        var changes: [ProgrammeChange] = []
        if update.reloaded {
            documentChanged()
            if let change = programme.replaceSchedule(feed.document.schedule(), at: engine.time) {
                changes.append(change)
            }
        }
        changes += programme.advance(to: engine.time, wall: wall)
        var restarted = false
        for change in changes {
            apply(change)
            if change.playlist != nil { restarted = true }
        }
        if !restarted, update.playlists.contains(playlist) || update.reloaded { listing.feedChanged() }
        rebuildSlides(now: now)
        showStatus()
        followDownloads()
        warnBeforeDisplayOff(wall: wall)
        resume.save(engine, feed: feed, programme: playlist, now: now, log: log).map { warn($0) }
    }

    /// Takes the feed's slide list: at once when the show is empty or the listing is done,
    /// else a few times a second while folders are listed.
    private mutating func rebuildSlides(now: MonotonicInstant) {
        let finishedReload: Bool
        let feed = feed
        switch listing.decide(now: now, isScanning: feed.isScanning, isEmpty: engine.show.count == 0) {
        case .wait: return
        case .keep:
            sayCount(reloaded: false, now: now)
            return
        case .take(let afterReload): finishedReload = afterReload
        }
        let current = engine.currentPath.map { feed.successor(of: $0) ?? $0 }
        if let old = engine.currentPath, let current, current != old { shown.replaced(old, by: current) }
        engine.replaceSlides(feed.slides(for: playlist), keeping: current, at: engine.time)
        sayCount(reloaded: finishedReload, now: now)
        resume.moveToPending(&engine, feed: feed, log: contentLog)
    }

    /// Says how many images the show has (`CountAnnouncement` decides when; slides taken while a
    /// folder was still being listed count when it ends, even if that end brought no more).
    private mutating func sayCount(reloaded: Bool, now: MonotonicInstant) {
        let feed = feed
        guard listing.shouldSayCount(engine.show.count, reloaded: reloaded, now: now, isScanning: { feed.isScanning })
        else { return }
        let what = feed.document.file.isEmpty ? "sources" : "playlist '\(playlist)'"
        log.info("\(reloaded ? "reloaded: " : "")\(what): \(engine.show.count) images")
    }

    /// The awaited download's progress for the loading ring; the feed hears which slide shows.
    private mutating func followDownloads() {
        engine.download = engine.show.count == 0 ? feed.download : nil
        guard let source = engine.currentPath else { return }
        if shown.showing(source, at: engine.time) { feed.showing(source) }
        if let since = shown.unseenSince(source), isSeen(since: since) {
            feed.seen(source)
            shown.counted(source)
        }
    }

    /// The document was read again: its hooks, its options, its fingerprint.
    private mutating func documentChanged() {
        power.hooks = environment.powerHooks(feed.document.display)
        followPresenceSpec()
        resume.documentChanged(text: feed.fingerprintText)
        engine.setOptions(setup.options(feed.document, playlist: playlist))
    }

    /// The one place a change of the programme reaches the show: the schedule's, a touch
    /// waking the display, and what a remote asks.
    mutating func apply(_ change: ProgrammeChange) {
        if let name = change.playlist {
            log.info("the schedule switches to playlist '\(name)'")
            asked.playlist = nil
            switchPlaylist(to: name, at: change.time)
        }
        if let on = change.displayOn {
            // An empty room kept the display off before the change, whatever the schedule said.
            let overRemote = asked.display != nil
            let wasOn = asked.scheduleTurnedDisplay(on: on)
            displayChanged(from: overRemote ? wasOn : wasOn && !power.roomEmpty, at: change.time)
        }
    }

    /// Plays playlist `name` from its first slide.
    mutating func switchPlaylist(to name: String, at time: ShowTime) {
        engine.restart(slides: feed.slides(for: name), options: setup.options(feed.document, playlist: name), at: time)
        listing.restarted()
    }

    /// The display's state may have changed: pause or resume the show, run the hook.
    mutating func displayChanged(from wasOn: Bool, at time: ShowTime) {
        let on = displayOn
        guard on != wasOn else { return }
        log.info("display \(on ? "on" : "off")")
        switch power.turned(on: on, showPaused: engine.show.isPaused) {
        case .resume: engine.resumeShow(at: time)
        case .pause: engine.pauseShow(at: time)
        case .none: break
        }
    }

    /// New settings and content, keeping the engine: its clock, its input trace and where it is.
    private mutating func reload(_ fresh: DirectorSettings, feed newFeed: any ContentFeed) {
        setup = fresh
        environment.feed = newFeed
        newFeed.start()
        newFeed.marksChanged(engine.marks)
        power.hooks = environment.powerHooks(newFeed.document.display)
        followPresenceSpec()
        resume.documentChanged(text: newFeed.fingerprintText)
        programme.wakeDuration = fresh.wakeDuration
        if let change = programme.replaceSchedule(newFeed.document.schedule(), at: engine.time) {
            apply(change)
        }
        engine.setOptions(fresh.options(newFeed.document, playlist: playlist))
        engine.overlays = fresh.overlays.stack(slides: engine.show.slides, timeZone: zone)
        listing.reloaded()
        rebuildSlides(now: .distantFuture)
    }

    /// While the show is empty: the feed's problem, "Getting ready" during a listing, what a network
    /// source waits for, "No images yet" after it.
    /// Only the director sets the engine's status screen, so the one up is its own to put away.
    private mutating func showStatus() {
        let wanted = wantedStatus()
        if wanted != nil || engine.status != nil { engine.status = wanted }
    }

    /// The status screen the show wants now: nil while it has slides.
    private func wantedStatus() -> StatusScreen? {
        guard engine.show.count == 0 else { return nil }
        if let problem = feed.problem {
            return problem
        } else {
            let content = feed.content
            let folders = content.folderItems.filter {
                feed.document.playlists[$0.key.playlist].name == playlist
            }.map(\.folder.path)
            let found = content.folders.values.reduce(0) { $0 + $1.count }
            if feed.isScanning {
                return .scanning(found: found, total: nil)
            } else if let wait = feed.networkWait {
                return .waitingForNetwork(host: wait.host, reason: wait.reason)
            } else if let onboarding = setup.onboarding {
                return .onboarding(onboarding)
            } else {
                return .noImages(folders: folders)
            }
        }
    }

    /// A notice during the last minute before a scheduled switch-off.
    private mutating func warnBeforeDisplayOff(wall: Date) {
        guard displayOn, asked.display == nil, !programme.isAwake, programme.schedule.state(at: wall).displayOn,
            !programme.schedule.state(at: wall.addingTimeInterval(Self.offWarning.value)).displayOn
        else { return }
        if let notice = engine.notice, notice.isShowing(at: engine.time), notice.text.hasPrefix("Display") {
            return
        }
        let message = StatusScreen.displayOffSoon(minutes: 1).lines
        engine.notice = Notice(
            "\(message.title): \(message.body)", since: engine.time, duration: Self.offWarning)
    }

    mutating func warn(_ message: String) {
        contentLog.warning(message)
        remember(message)
    }

    /// Keeps the last few notices only, so months of running stay within bounds.
    private mutating func remember(_ message: String) {
        notices.append(message)
        if notices.count > 20 { notices.removeFirst(notices.count - 20) }
    }

    /// The state as `--print-state` reports it.
    public func report(at time: ShowTime) -> StateReport {
        var report = engine.report(at: time)
        report.playlist = playlist
        report.displayOn = displayOn
        report.unseen = feed.unseenCount(playlist: playlist)
        return report
    }
}
