/// What a playlist, a schedule or a watched folder changes in a running engine.
extension ShowEngine {
    /// Replaces the slide list, keeping the slide showing; see `Show.replaceSlides`.
    public mutating func replaceSlides(_ slides: [Slide], keeping source: String? = nil, at time: Double) {
        show.replaceSlides(Show.shown(slides, options: show.options), keeping: source, at: time)
        overlays.slidesChanged(show.slides)
        startBrowseOnFirstSlides()
    }

    /// Cuts to slide `index` of a new slide list with new options at `time`.
    public mutating func restart(slides: [Slide], options: ShowStyle, at time: Double, index: Int = 0) {
        show.restart(slides: Show.shown(slides, options: options), options: options, at: time, index: index)
        overlays.slidesChanged(show.slides)
        startBrowseOnFirstSlides()
    }

    /// Changes the options of the running show (a reloaded playlist changed its defaults).
    public mutating func setOptions(_ options: ShowStyle) {
        show.options = options
    }

    /// Pauses at `time` (the display went off); see `resumeShow`.
    public mutating func pauseShow(at time: Double) {
        show.pause(at: time)
    }

    /// Resumes at `time` (the display came back on).
    public mutating func resumeShow(at time: Double) {
        show.resume(at: time)
    }

    /// The source of the slide showing, nil when the show is empty.
    public var currentPath: String? {
        show.slides.indices.contains(show.index) ? show.slides[show.index].path : nil
    }
}
