import Foundation

/// The whole behaviour of a running show as one value: the show state, the
/// fixed-step clock, and input handling. The SDL player and `vitrine snapshot`
/// both drive it; the frame at a time is a pure function of the slides,
/// options, input events and that time.
public struct ShowEngine: Sendable {
    public internal(set) var show: Show
    public private(set) var clock: FixedStepClock
    public var output: Size
    /// Touch, mouse and the browse and grid modes.
    public private(set) var browse: BrowseController
    /// The overlays drawn over the slides.
    public var overlays = OverlayStack()
    /// The wall date at show time 0; nil when unknown.
    public var wallClockOrigin: Date?
    /// A status screen shown instead of the slides (no images yet, an error); nil shows the slides.
    public var status: StatusScreen? {
        didSet { if let oldValue, status == nil { statusExit = (oldValue, clock.time) } }
    }
    /// The status screen last put away and when: it cross-fades into the first photo.
    var statusExit: (screen: StatusScreen, time: ShowTime)?
    /// A short message shown over the slides for a while.
    public var notice: Notice?
    /// How much of the photo the show waits for has arrived (0…1) while it downloads; the loading
    /// ring shows it, over the slides or over the "getting ready" screen.
    public var download: Double?
    /// Events not yet handled, ordered by time.
    private var queue: [InputEvent] = []
    /// Whether the browse controller saw a first slide (`--grid` opens the grid then).
    private var browseStarted = false
    /// The output size each long photo (by source) wants to be decoded at, once its size is known.
    var longPhotoOutputs: [String: Size] = [:]
    /// The photos hidden or made favourites.
    public internal(set) var marks = PhotoMarks()
    /// Changes of `marks` not yet taken by the host.
    var markEvents: [PhotoMarkEvent] = []
    /// The slide list as last given, hidden photos included (they come back when shown again).
    var listedSlides: [Slide] = []

    public init(
        slides: [Slide], options: ShowStyle, output: Size, touch: TouchOptions = TouchOptions(),
        step: Seconds = Seconds(1.0 / 120.0)
    ) {
        self.show = Show(slides: slides, options: options)
        self.listedSlides = slides
        self.clock = FixedStepClock(step: step)
        self.output = output
        self.browse = BrowseController(options: touch, output: output)
        startBrowseOnFirstSlides()
    }

    /// Lets the browse controller start (`--grid`) once the show has slides.
    mutating func startBrowseOnFirstSlides() {
        guard !browseStarted, show.count > 0 else { return }
        browseStarted = true
        browse.start(show: &show)
    }

    /// What the screen is doing: the show, browsing one image, or the grid.
    public var mode: ShowMode { browse.mode }
    /// Whether overlays (page indicator, caption) are drawn; a single tap in browse mode toggles it.
    public var overlaysVisible: Bool { browse.overlaysVisible }

    /// Show time of the last logic step.
    public var time: ShowTime { clock.time }
    /// Show time of the frame being drawn (logic time plus the leftover).
    public var renderTime: ShowTime { clock.renderTime }

    /// Queues an event; it is handled at the first logic step at or after its time.
    public mutating func enqueue(_ event: InputEvent) {
        let at = queue.firstIndex { $0.time > event.time } ?? queue.endIndex
        queue.insert(event, at: at)
    }

    /// Advances by one frame's elapsed seconds with the images the drawer holds.
    /// Returns what the host must do.
    public mutating func advance(by frameTime: Seconds, images: LoadedImages) -> [EngineRequest] {
        let (isReady, imageSize, metadata) = lookups(images)
        return advance(by: frameTime, isReady: isReady, imageSize: imageSize, metadata: metadata)
    }

    /// A frame of a rest (`ShowDirector.restedFrame`): advances as `advance(by:images:)` does, but
    /// when nothing runs between steps (no queued input, the show in attract mode with no gesture
    /// in progress) only the last step is run. The show is kept by its times (a slide due within
    /// the frame starts at its due time either way), so the result is the same, at the cost of
    /// one step instead of 30 a quarter second.
    public mutating func advanceResting(by frameTime: Seconds, images: LoadedImages) -> [EngineRequest] {
        guard queue.isEmpty, browse.mode == .attract, browse.arena.isIdle else {
            return advance(by: frameTime, images: images)
        }
        guard let last = clock.advanceToLast(by: frameTime) else { return [] }
        let (isReady, imageSize, metadata) = lookups(images)
        return step(to: last, isReady: isReady, imageSize: imageSize, metadata: metadata)
    }

    /// Advances to exactly `time` with the images the drawer holds (see `advance(by:images:)`).
    public mutating func run(to time: ShowTime, images: LoadedImages) -> [EngineRequest] {
        let (isReady, imageSize, metadata) = lookups(images)
        return run(to: time, isReady: isReady, imageSize: imageSize, metadata: metadata)
    }

    /// Notes which loaded images are long photos, so they are decoded at the size they are drawn.
    public mutating func noteLongPhotos(_ images: LoadedImages) {
        let (_, imageSize, _) = lookups(images)
        noteLongPhotos(imageSize: imageSize)
    }

    /// Slide readiness and image sizes from what the drawer holds, over a copy of the slide
    /// list: the lookups must not read the engine while it is being changed.
    private func lookups(_ images: LoadedImages) -> (
        isReady: (Int) -> Bool, imageSize: (Int) -> Size?, metadata: (Int) -> ImageMetadata?
    ) {
        let slides = show.slides
        return (
            { slides.indices.contains($0) && images.isReady(slides[$0].path) },
            { slides.indices.contains($0) ? images.size(slides[$0].path) : nil },
            { slides.indices.contains($0) ? images.images[slides[$0].path]?.metadata : nil }
        )
    }

    /// The frame at `time` drawn with the images the drawer holds.
    public func scene(at time: ShowTime, images: LoadedImages) -> Scene {
        let slides = show.slides
        return scene(at: time) {
            slides.indices.contains($0) ? images.size(slides[$0].path) : nil
        } metadata: {
            slides.indices.contains($0) ? images.images[slides[$0].path]?.metadata : nil
        }
    }

    /// Events queued and not yet handled (kept when the show is reloaded).
    public var pendingEvents: [InputEvent] { queue }

    /// Advances by one frame's elapsed seconds. Returns what the host must do.
    /// `imageSize` gives a slide's image size when it is known (for zoom and pan limits).
    /// `metadata` gives what a slide's file says about itself, when read (for the info panel).
    public mutating func advance(
        by frameTime: Seconds, isReady: (Int) -> Bool, imageSize: (Int) -> Size? = { _ in nil },
        metadata: (Int) -> ImageMetadata? = { _ in nil }
    ) -> [EngineRequest] {
        var requests: [EngineRequest] = []
        for t in clock.advance(by: frameTime) {
            requests += step(to: t, isReady: isReady, imageSize: imageSize, metadata: metadata)
        }
        return requests
    }

    /// Advances to exactly `time` (for snapshots and tests), in fixed steps.
    public mutating func run(
        to time: ShowTime, isReady: (Int) -> Bool, imageSize: (Int) -> Size? = { _ in nil },
        metadata: (Int) -> ImageMetadata? = { _ in nil }
    ) -> [EngineRequest] {
        var requests: [EngineRequest] = []
        while (clock.time + clock.step).seconds <= time.seconds + 1e-9 {
            requests += advance(
                by: min(clock.maxFrame, max(clock.step, time - clock.renderTime)), isReady: isReady,
                imageSize: imageSize, metadata: metadata)
        }
        // The part of a step left over: what is due by `time` happens, so a
        // frame between two steps is the ideal one.
        requests += step(to: max(time, clock.time), isReady: isReady, imageSize: imageSize, metadata: metadata)
        return requests
    }

    /// One logic step at time `t`: handle the events due, then update the show.
    private mutating func step(
        to time: ShowTime, isReady: (Int) -> Bool, imageSize: (Int) -> Size?, metadata: (Int) -> ImageMetadata?
    ) -> [EngineRequest] {
        var requests: [EngineRequest] = []
        while let first = queue.first, first.time.seconds <= time.seconds + 1e-9 {
            queue.removeFirst()
            requests += handle(first, at: time, isReady: isReady, imageSize: imageSize, metadata: metadata)
        }
        browse.advance(to: time, show: &show, output: output, imageSize: imageSize, metadata: metadata)
        let (screen, style) = (output, show.options)
        show.update(to: time, isReady: isReady) {
            Self.pairFact($0, screen: screen, style: style, imageSize: imageSize, metadata: metadata)
        }
        if !overlays.isEmpty { overlays.notePage(show.index, of: show.count) }
        return requests
    }

    private mutating func handle(
        _ event: InputEvent, at time: ShowTime, isReady: (Int) -> Bool, imageSize: (Int) -> Size?,
        metadata: (Int) -> ImageMetadata?
    ) -> [EngineRequest] {
        guard case .key(let key) = event.kind else {
            browse.handle(event, at: time, show: &show, output: output, imageSize: imageSize, metadata: metadata)
            if let action = browse.takePanelAction() { applyPanelAction(action, at: time) }
            return []
        }
        switch key {
        case .escape, .q: return [.quit]
        case .f: return [.toggleFullscreen]
        default: break
        }
        if browse.handleKey(key, at: time, show: &show, output: output, imageSize: imageSize, metadata: metadata) {
            return []
        }
        let (screen, style) = (output, show.options)
        func facts(_ i: Int) -> PairFacts? {
            Self.pairFact(i, screen: screen, style: style, imageSize: imageSize, metadata: metadata)
        }
        switch key {
        case .escape, .q, .f, .up, .down, .g, .i: break
        case .right: show.next(at: time, isReady: isReady, facts: facts)
        case .left:
            show.previous(at: time, isReady: isReady, facts: facts)
        case .space: show.togglePause(at: time)
        case .home:
            show.move(to: 0, at: time, isReady: isReady, facts: facts)
        case .end:
            show.move(
                to: show.count - 1, at: time, isReady: isReady,
                facts: facts)
        }
        return []
    }

    /// Removes a slide whose image cannot be shown.
    public mutating func removeSlide(at i: Int) {
        show.removeSlide(at: i)
    }

    /// The frame at the render time.
    public func scene(imageSize: (Int) -> Size?, metadata: (Int) -> ImageMetadata? = { _ in nil }) -> Scene {
        scene(at: renderTime, imageSize: imageSize, metadata: metadata)
    }

    /// The frame at `time` (at or shortly after the last step), overlays included.
    public func scene(
        at time: ShowTime, imageSize: (Int) -> Size?, metadata: (Int) -> ImageMetadata? = { _ in nil }
    ) -> Scene {
        var scene: Scene
        if let status {
            scene = status.scene(output: output)
            if let download, case .scanning = status {
                scene.ops += LoadingOverlay.ring(
                    output: output, time: time, since: .zero, download: download, height: 0.8, size: 1.5)
            }
        } else if let held = statusStillShowing(at: time) {
            scene = held
        } else {
            var faces: [Int: [Rect]] = [:]
            for i in [show.index] + (show.transition.map { [$0.from, $0.to] } ?? []) {
                if let found = metadata(i)?.faces, !found.isEmpty { faces[i] = found }
            }
            scene = SceneBuilder(output: output, faces: faces).build(
                show, controller: browse, at: time, imageSize: imageSize)
            // Over the grid the thumbnails speak for themselves; a tap in browse mode hides them.
            if !overlays.isEmpty, mode != .grid, browse.overlaysVisible {
                let index = show.index
                let current = show.slides.indices.contains(index) ? show.slides[index] : nil
                var frame = OverlayFrame(
                    output: output, time: time,
                    wallTime: wallClockOrigin.map { WallAnchor(show: .zero, wall: $0).wall(at: time) },
                    browsing: mode == .browse, index: index, count: show.count, slide: current,
                    metadata: current == nil ? nil : metadata(index),
                    lateSince: show.waitingSince ?? show.pendingSince)
                frame.download = download
                placePhoto(in: &frame, scene: scene, at: time)
                scene.ops += overlays.ops(for: frame)
            }
            if mode == .browse, let info = browse.info {
                let favourite = currentPath.map(marks.isFavourite) ?? false
                let panel = browse.infoPanel(
                    show: show, imageSize: imageSize, metadata: metadata, favourite: favourite)
                scene.ops += panel.ops(output: output, progress: info.progress(at: time))
            }
        }
        if status == nil { fadeIn(&scene, at: time) }
        if let notice, notice.isShowing(at: time) { scene.ops += notice.ops(output: output) }
        return scene
    }

    /// The slides the frame at `time` draws, whatever their sizes.
    public func visibleSlides(at time: ShowTime) -> [Int] {
        var seen: Set<Int> = []
        return scene(at: time) { _ in Size(width: 1, height: 1) }.slidesDrawn.filter { seen.insert($0).inserted }
    }

    /// The output size slide `i`'s image is wanted at: its grid cell when it is
    /// only a thumbnail on the grid page, the whole output otherwise. Thumbnails
    /// decoded at cell size keep a wall of twelve photos within a few megabytes.
    public func decodeOutput(for i: Int) -> Size {
        let thumbnailOnly: Bool
        switch mode {
        case .attract:
            thumbnailOnly = false
        case .grid:
            thumbnailOnly = i != show.index
        case .browse:
            let near: [Int?] = [show.index, show.index(after: show.index), show.index(before: show.index)]
            thumbnailOnly = browse.origin == .grid && !near.contains(i)
        }
        guard thumbnailOnly else { return longPhotoOutput(for: i) ?? output }
        let cell = GridLayout(output: output, count: show.count).cell(for: i).size
        return Size(width: max(1, cell.width.rounded(.up)), height: max(1, cell.height.rounded(.up)))
    }

    /// The slides the next frames need decoded: the visible ones, the pending
    /// target, then the next one (once a transition is over, when the slide stays long enough
    /// after it: `nextCanWait`), in that order of urgency. The previous one only
    /// while browsing (`BrowseController.wantedSlides`), where a swipe draws it at once:
    /// a show that moves on by itself never draws it again, and kept decoded it would
    /// hold an output-sized image (8 MB at 1080p, 33 MB at 4K) for a step back that
    /// rarely comes; that step waits for its decode instead.
    public var wantedSlides: [Int] {
        var wanted: [Int] = [show.index] + browse.wantedSlides(show: show)
        if let partner = show.pairs.partner { wanted.append(partner) }
        if let t = show.transition {
            wanted.append(t.from)
            if let partner = t.fromPartner { wanted.append(partner) }
        }
        if let pending = show.pending { wanted.append(pending.target) }
        if let next = show.index(after: show.index), !nextCanWait { wanted.append(next) }
        // The photos that may share the next slide, so their kinds are known when it comes.
        if let next = show.pending?.target ?? show.index(after: show.index) {
            wanted += show.pairCandidates(after: next)
        }
        var seen: Set<Int> = []
        return wanted.filter { show.slides.indices.contains($0) && seen.insert($0).inserted }
    }

    /// Seconds a slide stays after its transition for the next one's decode to wait until that
    /// transition is over: a decode takes well under this, even of a large photo on a slow board.
    static let decodeMargin = 2.0

    /// Whether the next slide's decode waits for the transition under way to end: then the
    /// images the transition draws are the only ones held, and the decode does not take a core
    /// from its frames. Not when the slide stays too short a time after it.
    private var nextCanWait: Bool {
        guard mode == .attract, let t = show.transition else { return false }
        return (show.dwell(show.index) - t.duration).value >= Self.decodeMargin
    }

    /// The state as `--print-state` reports it.
    public func report(at time: ShowTime) -> StateReport {
        var report = StateReport(show: show, at: time, mode: mode.rawValue, zoom: browse.zoom(at: time))
        if mode != .attract {
            report.transition = browse.view?.transition(at: time)
        } else if report.transition == nil, let fade = browse.returnFade, !fade.isFinished(at: time) {
            report.transition = (.fade, fade.progress(at: time))
        }
        return report
    }
}
