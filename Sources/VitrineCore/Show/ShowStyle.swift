/// How every slide of the show is paced and looks (interval, transition, fit, motion,
/// background, looping, clips), all values set. Made from the common command-line options
/// (`CommonOptions.show`), with a playlist's `PlaylistStyle` on top; a slide may override
/// a few of them for itself (`Slide`).
public struct ShowStyle: Equatable, Sendable {
    /// How long each slide is shown, counted from the start of its incoming transition.
    public var interval: Seconds = 8
    public var transition: TransitionKind = .fade
    public var transitionDuration: Seconds = 0.8
    public var curve: Curve = .easeInOut
    public var slideAxis: SlideAxis = .horizontal
    public var motion: DwellMotion = .still
    public var loop: Bool = true
    public var fit: FitMode = .contain
    public var background: RGBColor = .black
    /// What fills the screen around a letterboxed photo; nil: the background colour.
    public var fill: FillStyle?
    /// Two photos of the kind the screen has room for twice (portraits on a landscape screen,
    /// landscapes on a portrait one) share a slide (`--pair`).
    public var pair = false
    /// A photo more than this many times as elongated as the screen (long side over short side)
    /// is a long photo: shown across the screen and scrolled. 0 turns it off.
    public var longPhotoRatio: Double = 2
    /// Whether video clips are shown (`--no-video` leaves them out).
    public var videos = true
    /// The longest a clip plays when its item gives no `duration` (`--max-video-seconds`); nil: its whole length.
    public var maxVideoSeconds: Seconds?
    /// Where clips with `"audio": true` play their sound (`--audio-device`, libmpv's name); nil: the default.
    public var audioDevice: String?

    public init() {}
}
