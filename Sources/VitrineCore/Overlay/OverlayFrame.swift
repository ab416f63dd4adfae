import Foundation

/// What an overlay knows about the frame it draws on.
public struct OverlayFrame: Sendable {
    public var output: Size
    /// The frame's show time.
    public var time: ShowTime
    /// The wall date of this frame, when known.
    public var wallTime: Date?
    /// True while someone is browsing by touch (page dots show then).
    public var browsing: Bool
    public var index: Int
    public var count: Int
    /// The slide showing, if any.
    public var slide: Slide?
    /// What the image file says about itself (EXIF), when read.
    public var metadata: ImageMetadata?
    /// Show time since which the next slide has been due but not decoded.
    public var lateSince: ShowTime?
    /// How much of the photo the show waits for has arrived (0…1), while it downloads.
    public var download: Double?
    /// Where the current photo is drawn, when it is; overlays that belong to the photo follow it.
    public var photo: Rect?
    /// The current photo's opacity (it fades in during a transition).
    public var photoAlpha: Double = 1
    /// How much of the browse background is left while a photo is pulled away (1 when none is);
    /// the page indicator fades with it.
    public var fade: Double = 1

    public init(
        output: Size, time: ShowTime, wallTime: Date? = nil, browsing: Bool = false, index: Int = 0,
        count: Int = 0, slide: Slide? = nil, metadata: ImageMetadata? = nil, lateSince: ShowTime? = nil
    ) {
        self.output = output
        self.time = time
        self.wallTime = wallTime
        self.browsing = browsing
        self.index = index
        self.count = count
        self.slide = slide
        self.metadata = metadata
        self.lateSince = lateSince
    }

    /// One hundredth of the shorter side: overlays size themselves in these units.
    public var unit: Double { min(output.width, output.height) / 100 }
}
