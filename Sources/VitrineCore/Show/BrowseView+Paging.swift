/// Paging: a swipe at 1×, or a zoomed image dragged on past its edge, moves the
/// page with the finger; let go, it glides to the next page or back.
extension BrowseView {
    /// A page's length along the paging axis.
    public var pageSpan: Double { pagingAxis == .vertical ? screen.height : screen.width }

    /// `v`'s part along the paging axis.
    public func along(_ v: Vector) -> Double { pagingAxis == .vertical ? v.dy : v.dx }

    /// The page offset at `time` as a shift of the slide.
    public func pageShift(at time: ShowTime) -> Vector {
        let d = pageOffset(at: time)
        return pagingAxis == .vertical ? Vector(dx: 0, dy: d) : Vector(dx: d, dy: 0)
    }

    public mutating func beginPaging(at time: ShowTime) {
        let base = pageOffset(at: time)
        settleViewport()
        leavingRect = nil
        activity = .paging(offset: base, base: base)
    }

    /// The finger moved `offset` along the paging axis since it touched; `canPage(d)` says
    /// whether there is a slide that way.
    public mutating func page(by offset: Double, canPage: (Int) -> Bool) {
        guard case .paging(_, let base) = activity else { return }
        let raw = base + offset
        let way = raw < 0 ? 1 : -1
        let shown = canPage(way) ? raw : (raw < 0 ? -1 : 1) * RubberBand.offset(abs(raw), dimension: pageSpan)
        activity = .paging(offset: shown, base: base)
    }

    /// The finger lifted with `velocity` (pixels a second along the paging axis). Returns the
    /// page direction (+1 next, −1 previous, 0 none). When it pages, `newFit` is
    /// the next slide's fit and the caller moves the show to it.
    public mutating func releasePage(
        velocity: Double, settings: GestureSettings, at time: ShowTime, canPage: (Int) -> Bool, newFit: (Int) -> Rect
    ) -> Int {
        let offset = pageOffset(at: time)
        var direction = SwipeRecognizer.pageDirection(
            offset: offset, velocity: velocity, span: pageSpan, settings: settings)
        if direction != 0, !canPage(direction) { direction = 0 }
        glide(from: offset, direction: direction, at: time, newFit: direction == 0 ? nil : newFit(direction))
        return direction
    }

    /// Pages by a key: the next slide glides in from a whole page away.
    public mutating func keyPage(_ direction: Int, at time: ShowTime, newFit: Rect) {
        glide(from: 0, direction: direction, at: time, newFit: newFit)
    }

    mutating func glide(from offset: Double, direction: Int, at time: ShowTime, newFit: Rect?) {
        var start = offset
        if let newFit {
            // The new slide is now the current one: it sits a page further along; the one
            // left behind keeps its look while it goes, and its zoom is forgotten.
            leavingRect = viewport.rect(at: time)
            start += Double(direction) * pageSpan
            viewport = Viewport(fit: newFit, screen: screen)
        }
        let fraction = min(1, abs(start) / max(pageSpan, 1))
        let duration = direction == 0 ? Self.springDuration : max(0.1, Self.pageDuration * fraction)
        activity = .pageSettle(
            Tween(from: start, to: 0, start: time, duration: duration, curve: .easeOut),
            direction: direction)
    }

    // MARK: Panning

    /// A finger moving the zoomed image; rubber bands at the edges, except that
    /// past an edge along the paging axis, with a slide that way, the page
    /// follows the finger instead (as a swipe at 1× would).
    public mutating func pan(_ info: DragInfo, canPage: (Int) -> Bool = { _ in false }) {
        guard let base = gestureBase else { return }
        let raw = Viewport.Pose(scale: base.scale, center: base.center.moved(by: info.translation))
        var shown = viewport.rubberBanded(raw, about: info.location)
        let ranges = viewport.centerRange(scale: base.scale)
        let vertical = pagingAxis == .vertical
        let range = vertical ? ranges.y : ranges.x
        let c = vertical ? raw.center.y : raw.center.x
        let over = c < range.lowerBound ? c - range.lowerBound : c > range.upperBound ? c - range.upperBound : 0
        // Only a drag that mostly follows the paging axis moves the page.
        let mostlyAlong = abs(along(info.translation)) >= abs(vertical ? info.translation.dx : info.translation.dy)
        if over != 0, mostlyAlong, canPage(over < 0 ? 1 : -1) {
            let edge = min(max(c, range.lowerBound), range.upperBound)
            if vertical { shown.center.y = edge } else { shown.center.x = edge }
            activity = .paging(offset: over, base: 0)
        } else if case .paging = activity {
            activity = .resting
        }
        viewport.show(shown)
    }

    /// The pan's finger lifted. Dragged on past an edge into paging, it pages by
    /// the swipe's rules (only the way it was pulled) and returns the direction;
    /// otherwise the image glides or springs back as `endPan` does, and it returns 0.
    public mutating func releasePan(
        velocity: Vector, settings: GestureSettings, at time: ShowTime, canPage: (Int) -> Bool, newFit: (Int) -> Rect
    ) -> Int {
        guard case .paging(let offset, _) = activity else {
            endPan(velocity: velocity, settings: settings, at: time)
            return 0
        }
        gestureBase = nil
        lastFocal = nil
        var direction = SwipeRecognizer.pageDirection(
            offset: offset, velocity: along(velocity), span: pageSpan, settings: settings)
        if direction != (offset < 0 ? 1 : -1) || !canPage(direction) { direction = 0 }
        if direction == 0 {
            viewport.animate(
                to: viewport.clamped(viewport.pose, about: screen.center), at: time,
                duration: Self.springDuration,
                curve: .easeOut)
        }
        glide(from: offset, direction: direction, at: time, newFit: direction == 0 ? nil : newFit(direction))
        return direction
    }
}
