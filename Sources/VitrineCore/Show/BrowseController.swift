import Foundation

/// Touch, mouse and the modes around them. Finger events go through the
/// gesture arena; the gestures it reports drive the browsed image, the grid
/// and the show: a touch in attract mode stops the show on the slide showing
/// and browses it; a dismiss or the idle timeout brings the show back.
public struct BrowseController: Sendable {
    public let options: TouchOptions
    public internal(set) var mode: ShowMode
    /// Whether overlays (page indicator, caption) are shown; a single tap in browse mode
    /// toggles it, and back in the show they show again.
    public internal(set) var overlaysVisible = true
    public internal(set) var arena: GestureArena
    /// The browsed image; set in browse mode.
    public internal(set) var view: BrowseView?
    /// The grid page shown, or to go back to.
    public internal(set) var gridPage = 0
    /// Where a dismiss goes back to: the show or the grid.
    public internal(set) var origin: ShowMode = .attract
    /// Show time of the last input.
    public internal(set) var lastInput: ShowTime = .zero
    /// After an image is put away, the show fades in from the background.
    public internal(set) var returnFade: Tween?
    /// The touch sequence that entered browse mode is still the latest: its tap shows the overlays.
    var enteringTouch = false
    /// The info panel, while it is open or closing.
    public internal(set) var info: InfoPanelState?
    /// Where the open info panel is, for telling a tap inside it from one outside.
    public internal(set) var infoRect: Rect?
    /// The touch sequence under way began with the info panel open: its pull closes the panel
    /// instead of putting the photo away.
    var touchOverInfo = false
    /// The open panel's buttons.
    var infoButtons: InfoPanel.ButtonRects?
    /// A button pressed, for the engine to carry out.
    var panelAction: PanelAction?
    /// The page browsed is a pair (`--pair`): a tap on a half opens that photo alone.
    var showingPair = false
    /// The pair paged away from, drawn as it goes (its first photo and its partner).
    public internal(set) var leavingPair: [Int]?

    /// Seconds the show takes to fade back in after a dismiss.
    public static let returnFadeDuration = 0.4
    public internal(set) var output: Size

    public init(options: TouchOptions, output: Size) {
        self.options = options
        self.output = output
        arena = GestureArena(metrics: GestureMetrics(settings: options.gestures, output: output))
        mode = .attract
    }

    var screen: Rect { Rect(size: output) }
    var grid: GridLayout { GridLayout(output: output, count: slideCount) }
    /// The slides of the show, as last seen (the grid centres a page that is not full).
    var slideCount = 0
    var metrics: GestureMetrics { GestureMetrics(settings: options.gestures, output: output) }

    /// Puts the show in its starting mode (the grid with `--grid`).
    public mutating func start(show: inout Show) {
        slideCount = show.count
        if options.startInGrid, show.count > 0 { enterGrid(at: .zero, show: &show) }
    }

    /// The zoom of the browsed image at `time`; 1 outside browse mode.
    public func zoom(at time: ShowTime) -> Double {
        mode == .browse ? view?.zoom(at: time) ?? 1 : 1
    }

    /// The slides the next frames may draw, most urgent first.
    public func wantedSlides(show: Show) -> [Int] {
        var wanted: [Int] = []
        switch mode {
        case .attract:
            return []
        case .browse:
            wanted = [show.index]
            if let next = show.index(after: show.index) { wanted.append(next) }
            if let previous = show.index(before: show.index) { wanted.append(previous) }
            if origin == .grid { wanted += grid.slides(onPage: grid.page(of: show.index), count: show.count) }
        case .grid:
            wanted = Array(grid.slides(onPage: gridPage, count: show.count))
        }
        return wanted
    }

    // MARK: Input

    /// A finger or wheel event at show time `time`.
    public mutating func handle(
        _ event: InputEvent, at time: ShowTime, show: inout Show, output: Size, imageSize: (Int) -> Size?,
        metadata: (Int) -> ImageMetadata? = { _ in nil }
    ) {
        if info != nil { placeInfo(show: show, imageSize: imageSize, metadata: metadata) }
        self.output = output
        slideCount = show.count
        guard show.count > 0 else { return }
        lastInput = time
        switch event.kind {
        case .key:
            return
        case .wheel(let x, let y, let dy):
            guard x.isFinite, y.isFinite, dy.isFinite, dy != 0 else { return }
            if mode == .attract { enterBrowse(at: time, show: &show, imageSize: imageSize) }
            guard mode == .browse, arena.fingerCount == 0 else { return }
            let factor = pow(options.wheelZoomStep, min(max(dy, -10), 10))
            let point = metrics.pixels(x: x, y: y)
            view?.zoom(by: factor, about: point, time: time)
        case .down(_, let x, let y):
            if arena.fingerCount == 0, x.isFinite, y.isFinite {
                finishCommittedDismiss(at: time, show: &show)
                enteringTouch = mode == .attract
                if mode == .attract { enterBrowse(at: time, show: &show, imageSize: imageSize) }
                if mode == .browse { view?.catchGlide(at: time) }
                touchOverInfo = info?.isOpen == true
                showingPair = mode == .browse && show.pairs.partner != nil
                arena.enabled = enabledGestures
                arena.metrics = metrics
            }
            apply(arena.handle(event), at: time, show: &show, imageSize: imageSize)
        case .move, .up:
            apply(arena.handle(event), at: time, show: &show, imageSize: imageSize)
        }
    }

    /// A key in browse or grid mode (or g anywhere); false when the show should handle it.
    public mutating func handleKey(
        _ key: Key, at time: ShowTime, show: inout Show, output: Size, imageSize: (Int) -> Size?,
        metadata: (Int) -> ImageMetadata? = { _ in nil }
    ) -> Bool {
        self.output = output
        slideCount = show.count
        guard show.count > 0 else { return false }
        if key == .i {
            lastInput = time
            guard mode != .grid else { return true }
            if mode == .attract { enterBrowse(at: time, show: &show, imageSize: imageSize) }
            if info?.isOpen == true { closeInfo(at: time) } else { openInfo(at: time) }
            placeInfo(show: show, imageSize: imageSize, metadata: metadata)
            return true
        }
        // Paging keeps the panel open, telling of the new photo; any other key closes it.
        let pages: Set<Key> = [.left, .right, .home, .end]
        if info?.isOpen == true, mode == .browse, !pages.contains(key) { closeInfo(at: time) }
        if key == .g {
            lastInput = time
            if mode == .grid { returnToAttract(at: time, show: &show) } else { enterGrid(at: time, show: &show) }
            return true
        }
        guard mode != .attract else { return false }
        lastInput = time
        switch (mode, key) {
        case (.browse, .right), (.browse, .left):
            keyPage(key == .right ? 1 : -1, at: time, show: &show, imageSize: imageSize)
        case (.browse, .home), (.browse, .end):
            show.cut(to: key == .home ? 0 : show.count - 1, at: time)
            view = makeView(fit(show.index, show: show, imageSize: imageSize))
        case (.grid, .right), (.grid, .left):
            gridPage = min(max(gridPage + (key == .right ? 1 : -1), 0), grid.pageCount(slides: show.count) - 1)
        case (.grid, .home), (.grid, .end):
            gridPage = key == .home ? 0 : grid.pageCount(slides: show.count) - 1
        case (_, .space):
            returnToAttract(at: time, show: &show)
        default:
            break
        }
        return true
    }

    /// Time passes: deadlines of gestures, animations that end, the idle timeout.
    public mutating func advance(
        to time: ShowTime, show: inout Show, output: Size, imageSize: (Int) -> Size?,
        metadata: (Int) -> ImageMetadata? = { _ in nil }
    ) {
        self.output = output
        slideCount = show.count
        if let i = info, i.isGone(at: time) {
            info = nil
            infoRect = nil
        }
        if info != nil { placeInfo(show: show, imageSize: imageSize, metadata: metadata) }
        guard show.count > 0 else {
            mode = .attract
            view = nil
            return
        }
        apply(arena.advance(to: time), at: time, show: &show, imageSize: imageSize)
        if mode == .browse, var v = view {
            v.refit(fit(show.index, show: show, imageSize: imageSize), screen: screen)
            let finished = v.finish(at: time)
            view = v
            if v.leavingRect == nil { leavingPair = nil }
            if finished == .dismissed { leaveBrowse(at: time, show: &show) }
        }
        if let fade = returnFade, mode != .attract || fade.isFinished(at: time) { returnFade = nil }
        gridPage = min(gridPage, grid.pageCount(slides: show.count) - 1)
        if mode != .attract, time - lastInput >= options.idleTimeout { returnToAttract(at: time, show: &show) }
    }

    // MARK: Gestures

    /// Which gestures make sense now: no paging or dismiss on a zoomed image, only taps and swipes on the grid.
    var enabledGestures: Set<GestureKind> {
        switch mode {
        case .grid: return [.tap, .swipe]
        case .attract, .browse:
            // With the info panel open a swipe still pages (the panel then tells of the new photo);
            // a tap outside it or a pull across the paging axis closes it.
            if info?.isOpen == true { return [.tap, .swipe, .dismiss] }
            // A pair's page answers a tap at once (no double tap to wait for): it opens a half.
            if showingPair { return [.tap, .longPress, .swipe, .dismiss] }
            if let v = view, !v.isAtFit { return [.tap, .doubleTap, .longPress, .pan, .pinch] }
            // A long photo pans at 1×: across the paging axis instead of the dismiss, along it
            // before a swipe (paging once its edge is reached).
            if let v = view {
                let overflow = (x: v.fit.width > v.screen.width + 0.5, y: v.fit.height > v.screen.height + 0.5)
                let vertical = v.pagingAxis == .vertical
                if vertical ? overflow.y : overflow.x { return [.tap, .doubleTap, .longPress, .pan, .dismiss, .pinch] }
                if vertical ? overflow.x : overflow.y { return [.tap, .doubleTap, .longPress, .swipe, .pan, .pinch] }
            }
            return [.tap, .doubleTap, .longPress, .swipe, .dismiss, .pinch]
        }
    }

    private mutating func apply(_ gestures: [Gesture], at time: ShowTime, show: inout Show, imageSize: (Int) -> Size?) {
        for gesture in gestures {
            switch mode {
            case .grid: applyInGrid(gesture, at: time, show: &show, imageSize: imageSize)
            case .browse: applyInBrowse(gesture, at: time, show: &show, imageSize: imageSize)
            case .attract: break
            }
        }
    }

    private mutating func applyInGrid(
        _ gesture: Gesture, at time: ShowTime, show: inout Show, imageSize: (Int) -> Size?
    ) {
        switch gesture {
        case .tap(let p):
            if let i = grid.slide(at: p, page: gridPage, count: show.count) {
                openFromGrid(i, at: time, show: &show, imageSize: imageSize)
            }
        case .swipe(.ended, _, let direction):
            gridPage = min(max(gridPage + direction, 0), grid.pageCount(slides: show.count) - 1)
        default:
            break
        }
    }

    private mutating func applyInBrowse(
        _ gesture: Gesture, at time: ShowTime, show: inout Show, imageSize: (Int) -> Size?
    ) {
        guard var v = view else { return }
        defer { view = v }
        let current = show
        let canPage = { (d: Int) in Self.neighbour(of: current, d) != nil }
        switch gesture {
        case .tap(let p) where info?.isOpen == true:
            tapWithInfoOpen(at: p, time: time, show: show)
            enteringTouch = false
        case .tap(let p) where !enteringTouch && show.pairs.partner != nil:
            // A tap on one photo of a pair opens it alone, growing from where it was.
            let halves =
                SceneBuilder(output: output).pairHalves(
                    show, in: v.viewport.rect(at: time), imageSize: imageSize) ?? []
            if let half = halves.first(where: {
                p.x >= $0.rect.minX && p.x < $0.rect.maxX && p.y >= $0.rect.minY && p.y < $0.rect.maxY
            }) {
                show.unpair()
                show.cut(to: half.slide, at: time)
                v = makeView(fit(half.slide, show: show, imageSize: imageSize))
                v.open(from: half.rect, at: time)
                showingPair = false
            } else {
                overlaysVisible.toggle()
            }
        case .tap:
            // The tap that starts browsing shows the overlays; later ones toggle them.
            if enteringTouch { overlaysVisible = true } else { overlaysVisible.toggle() }
            enteringTouch = false
        case .doubleTap(let p):
            v.toggleZoom(at: p, time: time)
        case .longPress(.began, _):
            openInfo(at: time)
        case .longPress:
            break
        case .swipe(let phase, let info, _):
            switch phase {
            case .began:
                v.beginPaging(at: time)
                v.page(by: v.along(info.translation), canPage: canPage)
            case .changed:
                v.page(by: v.along(info.translation), canPage: canPage)
            case .ended, .cancelled:
                let velocity = phase == .ended ? v.along(info.velocity) : 0
                let direction = v.releasePage(
                    velocity: velocity, settings: options.gestures, at: time,
                    canPage: phase == .ended ? canPage : { _ in false },
                    newFit: { d in
                        fit(Self.neighbour(of: current, d) ?? current.index, show: current, imageSize: imageSize)
                    })
                if direction != 0, let target = Self.neighbour(of: show, direction) {
                    leavingPair = show.pairs.partner.map { [show.index, $0] }
                    show.cut(to: target, at: time)
                }
            }
        case .dismiss(let phase, _) where touchOverInfo:
            if phase == .began { closeInfo(at: time) }
        case .dismiss(let phase, let info):
            switch phase {
            case .began:
                v.beginDismiss(at: time)
                v.dismiss(info)
            case .changed:
                v.dismiss(info)
            case .ended, .cancelled:
                let released = phase == .ended ? info : DragInfo(start: info.start, translation: .zero)
                let target = dismissTarget(show: show, imageSize: imageSize)
                if v.releaseDismiss(released, settings: options.gestures, at: time, away: target),
                    origin == .grid
                {
                    gridPage = grid.page(of: show.index)
                }
            }
        case .pan(let phase, let info):
            switch phase {
            case .began:
                v.beginPan(at: time)
                v.pan(info, canPage: canPage)
            case .changed: v.pan(info, canPage: canPage)
            case .ended, .cancelled:
                // Dragged on past its edge, a zoomed image pages as a swipe would.
                let direction = v.releasePan(
                    velocity: phase == .ended ? info.velocity : .zero, settings: options.gestures,
                    at: time,
                    canPage: phase == .ended ? canPage : { _ in false },
                    newFit: { d in
                        fit(Self.neighbour(of: current, d) ?? current.index, show: current, imageSize: imageSize)
                    })
                if direction != 0, let target = Self.neighbour(of: show, direction) {
                    show.cut(to: target, at: time)
                }
            }
        case .pinch(let phase, let info):
            switch phase {
            case .began:
                v.beginPinch(at: time)
                v.pinch(info)
            case .changed: v.pinch(info)
            case .ended, .cancelled:
                v.endPinch(at: time, settleScale: options.gestures.zoomSettleScale)
            }
        }
    }

    /// Where a dismissed image goes: into its thumbnail on the grid, or on down and out of sight.
    private func dismissTarget(show: Show, imageSize: (Int) -> Size?) -> (DismissLook) -> DismissLook {
        let screen = screen
        if origin == .grid {
            let thumbnail = grid.thumbnail(for: show.index, imageSize: imageSize(show.index))
            return { _ in DismissLook(rect: thumbnail, veil: 0, alpha: 1) }
        }
        if options.gestures.pagingAxis == .vertical {
            // Pulled sideways: on out of sight the way it was pulled.
            return { from in
                let way: Double = from.rect.center.x < screen.center.x ? -1 : 1
                return DismissLook(rect: from.rect.offsetBy(dx: way * screen.width / 2, dy: 0), veil: 0, alpha: 0)
            }
        }
        return { from in DismissLook(rect: from.rect.offsetBy(dx: 0, dy: screen.height / 2), veil: 0, alpha: 0) }
    }

}
