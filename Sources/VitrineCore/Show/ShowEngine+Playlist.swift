/// What a playlist, a schedule or a watched folder changes in a running engine.
extension ShowEngine {
    /// Replaces the slide list, keeping the slide showing; see `Show.replaceSlides`.
    /// Hidden photos are left out (see `PhotoMarks`).
    public mutating func replaceSlides(_ slides: [Slide], keeping source: String? = nil, at time: ShowTime) {
        listedSlides = slides
        show.replaceSlides(
            Show.shown(marks.visible(slides), options: show.options), keeping: source, at: time)
        overlays.slidesChanged(show.slides)
        startBrowseOnFirstSlides()
    }

    /// Cuts to slide `index` of a new slide list with new options at `time`.
    public mutating func restart(slides: [Slide], options: ShowStyle, at time: ShowTime, index: Int = 0) {
        listedSlides = slides
        show.restart(
            slides: Show.shown(marks.visible(slides), options: options), options: options, at: time,
            index: index)
        overlays.slidesChanged(show.slides)
        startBrowseOnFirstSlides()
    }

    /// Changes the options of the running show (a reloaded playlist changed its defaults).
    public mutating func setOptions(_ options: ShowStyle) {
        show.options = options
    }

    /// Pauses at `time` (the display went off); see `resumeShow`.
    public mutating func pauseShow(at time: ShowTime) {
        show.pause(at: time)
    }

    /// Resumes at `time` (the display came back on).
    public mutating func resumeShow(at time: ShowTime) {
        show.resume(at: time)
    }

    /// The source of the slide showing, nil when the show is empty.
    public var currentPath: String? {
        show.slides.indices.contains(show.index) ? show.slides[show.index].path : nil
    }
}

/// Hiding and favouriting photos: from the info panel's buttons, or from outside (the web page).
extension ShowEngine {
    /// Takes the marks kept from an earlier run; hidden photos leave the slide list.
    public mutating func setMarks(_ newMarks: PhotoMarks, at time: ShowTime) {
        marks = newMarks
        refilter(at: time, keeping: currentPath)
    }

    /// Hides `path` (the show moves on to the next photo when it was showing); false when it already was.
    @discardableResult
    public mutating func hide(_ path: String, at time: ShowTime) -> Bool {
        guard marks.hide(path) else { return false }
        markEvents.append(.hidden(path))
        var keep = currentPath
        if keep == path {
            let slides = show.slides
            let i = show.index
            keep = (1..<max(slides.count, 1)).lazy.map { slides[(i + $0) % slides.count].path }.first { $0 != path }
        }
        refilter(at: time, keeping: keep)
        return true
    }

    /// Shows a hidden photo again; false when it was not hidden.
    @discardableResult
    public mutating func unhide(_ path: String, at time: ShowTime) -> Bool {
        guard marks.unhide(path) else { return false }
        markEvents.append(.shownAgain(path))
        refilter(at: time, keeping: currentPath)
        return true
    }

    /// Makes `path` a favourite or not; false when nothing changed.
    @discardableResult
    public mutating func setFavourite(_ path: String, _ on: Bool) -> Bool {
        guard marks.setFavourite(path, on) else { return false }
        markEvents.append(.favourite(path, on))
        return true
    }

    /// The changes since the last call, oldest first.
    public mutating func takeMarkEvents() -> [PhotoMarkEvent] {
        defer { markEvents.removeAll() }
        return markEvents
    }

    private mutating func refilter(at time: ShowTime, keeping path: String?) {
        show.replaceSlides(
            Show.shown(marks.visible(listedSlides), options: show.options), keeping: path, at: time)
        overlays.slidesChanged(show.slides)
    }

    /// What the info panel's buttons asked for.
    mutating func applyPanelAction(_ action: PanelAction, at time: ShowTime) {
        switch action {
        case .hide(let path): hide(path, at: time)
        case .favourite(let path): setFavourite(path, !marks.isFavourite(path))
        }
    }
}
