/// What an overlay knows about the frame it draws on.
public struct OverlayFrame: Sendable {
    public var output: Size
    /// Show time, seconds.
    public var time: Double
    /// Wall-clock time of this frame in seconds since 1970 (UTC), when known.
    public var wallTime: Double?
    /// True while someone is browsing by touch (page dots show then).
    public var browsing: Bool
    public var index: Int
    public var count: Int
    /// The slide showing, if any.
    public var slide: Slide?
    /// What the image file says about itself (EXIF), when read.
    public var metadata: ImageMetadata?
    /// Show time since which the next slide has been due but not decoded.
    public var lateSince: Double?
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
        output: Size, time: Double, wallTime: Double? = nil, browsing: Bool = false, index: Int = 0,
        count: Int = 0, slide: Slide? = nil, metadata: ImageMetadata? = nil, lateSince: Double? = nil
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

/// What an image carries about itself (EXIF), for captions and the info panel.
/// Every field is optional: what the file does not say stays nil.
public struct ImageMetadata: Equatable, Sendable, Codable {
    /// EXIF ImageDescription.
    public var description: String?
    /// EXIF DateTimeOriginal as written, `YYYY:MM:DD HH:MM:SS`.
    public var dateTaken: String?
    /// EXIF OffsetTimeOriginal, `+02:00`: the offset from UTC of `dateTaken`, when written.
    public var dateOffset: String?
    /// Make and model, as `Canon EOS 5D`.
    public var camera: String?
    /// EXIF LensModel.
    public var lens: String?
    /// Shutter time in seconds.
    public var exposureTime: Double?
    /// Aperture, the f-number.
    public var fNumber: Double?
    public var iso: Int?
    /// Focal length in millimetres.
    public var focalLength: Double?
    /// Degrees, north positive.
    public var latitude: Double?
    /// Degrees, east positive.
    public var longitude: Double?
    /// The faces found in the photo (not read from the file: detected as it was decoded), each a
    /// box in the upright image with coordinates from 0 to 1 of its width and height; nil when
    /// not looked for.
    public var faces: [Rect]?

    public init(description: String? = nil, dateTaken: String? = nil) {
        self.description = description
        self.dateTaken = dateTaken
    }

    /// True when no field is known.
    public var isEmpty: Bool { self == ImageMetadata() }
}

/// Where an overlay sits.
public enum OverlayEdge: String, CaseIterable, Sendable, Codable {
    case top
    case bottom
}

/// A small piece drawn over the slides. The show loads only the overlays asked
/// for, tells each when it is set up, when the slides change and when the page
/// changes, and asks it for its draw operations every frame.
public protocol OverlayComponent: Sendable {
    /// A short name for logs and options.
    var name: String { get }
    /// Called once, when the overlay joins the show.
    mutating func setUp(slides: [Slide])
    /// Called when the list of slides changes (a playlist reload).
    mutating func slidesChanged(_ slides: [Slide])
    /// Called when another slide becomes the current one.
    mutating func pageChanged(to index: Int, of count: Int)
    /// The operations to draw over the slides in this frame.
    func ops(for frame: OverlayFrame) -> [DrawOp]
}

extension OverlayComponent {
    public mutating func setUp(slides: [Slide]) {}
    public mutating func slidesChanged(_ slides: [Slide]) {}
    public mutating func pageChanged(to index: Int, of count: Int) {}
}
