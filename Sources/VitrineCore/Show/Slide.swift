/// One entry of the show: an image and what it may override.
public struct Slide: Equatable, Sendable {
    /// The image's file: its path, and the key it is decoded and drawn under (for a network
    /// photo, its file in the mirror).
    public var path: String
    /// How long this slide is shown; nil means the show's interval.
    public var duration: Seconds?
    /// The transition into this slide; nil means the show's transition.
    public var transition: TransitionKind?
    public var fit: FitMode?
    /// The motion while the slide is shown (still, Ken Burns); nil means the show's.
    public var motion: DwellMotion?
    public var caption: String?
    /// What the photo's network source calls it (a feed's title, an Immich description), for `{title}`.
    public var title: String?
    /// When the photo was taken, as its network source says, for `{years-ago}` and the dates when
    /// the file itself does not say (Immich's renders carry no EXIF).
    public var taken: TakenDate?
    /// Set when the slide is a video clip.
    public var video: SlideVideo?

    public init(
        path: String, duration: Seconds? = nil, transition: TransitionKind? = nil, fit: FitMode? = nil,
        caption: String? = nil, video: SlideVideo? = nil
    ) {
        self.path = path
        self.video = video
        self.duration = duration
        self.transition = transition
        self.fit = fit
        self.caption = caption
    }
}
