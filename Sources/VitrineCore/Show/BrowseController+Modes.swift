/// The modes around browsing (show, browse, grid) and the geometry they share.
extension BrowseController {
    // MARK: Modes

    mutating func enterBrowse(at time: ShowTime, show: inout Show, imageSize: (Int) -> Size?) {
        show.cut(to: show.index, at: time)
        show.pause(at: time)
        var v = makeView(fit(show.index, show: show, imageSize: imageSize))
        // A long photo is taken where its scroll had got to.
        if let size = imageSize(show.index),
            LongPhoto.axis(imageSize: size, screen: output, ratio: show.options.longPhotoRatio) != nil,
            let shown = SceneBuilder(output: output).slideRect(
                show, show.index, since: show.shownSince, at: time, imageSize: imageSize)
        {
            v.viewport.show(Viewport.Pose(scale: 1, center: shown.center))
        }
        view = v
        origin = mode == .grid ? .grid : .attract
        mode = .browse
    }

    mutating func openFromGrid(_ i: Int, at time: ShowTime, show: inout Show, imageSize: (Int) -> Size?) {
        let thumbnail = grid.thumbnail(for: i, imageSize: imageSize(i))
        show.cut(to: i, at: time)
        var v = makeView(fit(i, show: show, imageSize: imageSize))
        v.open(from: thumbnail, at: time)
        view = v
        origin = .grid
        mode = .browse
    }

    mutating func enterGrid(at time: ShowTime, show: inout Show) {
        _ = arena.cancelAll()
        info = nil
        show.cut(to: show.index, at: time)
        show.pause(at: time)
        view = nil
        gridPage = grid.page(of: show.index)
        mode = .grid
    }

    mutating func returnToAttract(at time: ShowTime, show: inout Show) {
        _ = arena.cancelAll()
        info = nil
        infoRect = nil
        view = nil
        mode = .attract
        overlaysVisible = true
        show.resume(at: time)
    }

    /// A dismiss has played out: back to where browsing started.
    mutating func leaveBrowse(at time: ShowTime, show: inout Show) {
        if origin == .grid {
            view = nil
            gridPage = grid.page(of: show.index)
            mode = .grid
        } else {
            returnToAttract(at: time, show: &show)
            returnFade = Tween(
                from: 1, to: 0, start: time, duration: Seconds(Self.returnFadeDuration),
                curve: .easeOut)
        }
    }

    /// A touch while a dismissed image is still flying away: it has gone.
    mutating func finishCommittedDismiss(at time: ShowTime, show: inout Show) {
        guard mode == .browse, case .dismissSettle(_, _, _, true) = view?.activity else { return }
        leaveBrowse(at: time, show: &show)
    }

    mutating func keyPage(_ direction: Int, at time: ShowTime, show: inout Show, imageSize: (Int) -> Size?) {
        guard arena.fingerCount == 0, let target = Self.neighbour(of: show, direction) else { return }
        show.cut(to: target, at: time)
        let newFit = fit(target, show: show, imageSize: imageSize)
        var v = view ?? makeView(newFit)
        v.keyPage(direction, at: time, newFit: newFit)
        view = v
    }

    // MARK: Geometry

    func makeView(_ fit: Rect) -> BrowseView {
        BrowseView(fit: fit, screen: screen, pagingAxis: options.gestures.pagingAxis)
    }

    static func neighbour(of show: Show, _ direction: Int) -> Int? {
        direction > 0 ? show.index(after: show.index) : show.index(before: show.index)
    }

    /// Slide `i`'s rectangle at 1×; the whole screen while its size is unknown. A pair showing
    /// (`--pair`) is browsed as one page: its two photos and the gap between them.
    func fit(_ i: Int, show: Show, imageSize: (Int) -> Size?) -> Rect {
        if i == show.index, let halves = SceneBuilder(output: output).pairHalves(show, in: nil, imageSize: imageSize),
            let whole = SceneBuilder.bounds(of: halves)
        {
            return whole
        }
        guard show.slides.indices.contains(i), let size = imageSize(i) else { return screen }
        // A long photo rests across the screen from its top (or left) edge.
        if let axis = LongPhoto.axis(imageSize: size, screen: output, ratio: show.options.longPhotoRatio) {
            return LongPhoto.rect(imageSize: size, in: screen, axis: axis, progress: 0)
        }
        return (show.slides[i].fit ?? show.options.fit).rect(for: size, in: screen)
    }
}
