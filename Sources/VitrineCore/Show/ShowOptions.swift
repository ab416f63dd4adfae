/// An sRGB colour with 8 bits a channel.
public struct RGBColor: Equatable, Hashable, Sendable, Codable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    public static let black = RGBColor(r: 0, g: 0, b: 0)

    /// Parses `#RRGGBB` (the `#` is optional). Nil when it is anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(r: UInt8((value >> 16) & 0xFF), g: UInt8((value >> 8) & 0xFF), b: UInt8(value & 0xFF))
    }

    /// `#rrggbb`.
    public var hex: String {
        let value = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        let digits = String(value, radix: 16)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }
}

/// In which order a folder's images play.
public enum SlideOrder: String, CaseIterable, Sendable, Codable {
    case name
    case mtime
    case shuffle
}

/// Everything that shapes the show, as a value.
public struct ShowOptions: Equatable, Sendable {
    /// Seconds each slide is shown, counted from the start of its incoming transition.
    public var interval: Double = 8
    public var transition: TransitionKind = .fade
    public var transitionDuration: Double = 0.8
    public var curve: Curve = .easeInOut
    public var slideAxis: SlideAxis = .horizontal
    public var motion: DwellMotion = .still
    public var loop: Bool = true
    public var fit: FitMode = .contain
    public var background: RGBColor = .black
    /// A photo more than this many times as elongated as the screen (long side over short side)
    /// is a long photo: shown across the screen and scrolled. 0 turns it off.
    public var longPhotoRatio: Double = 2
    /// Whether video clips are shown (`--no-video` leaves them out).
    public var videos = true
    /// The longest a clip plays when its item gives no `duration` (`--max-video-seconds`); nil: its whole length.
    public var maxVideoSeconds: Double?
    /// Where clips with `"audio": true` play their sound (`--audio-device`, libmpv's name); nil: the default.
    public var audioDevice: String?

    public init() {}
}

/// One entry of the show: an image and what it may override.
public struct Slide: Equatable, Sendable {
    /// Where the image comes from (a file path).
    public var source: String
    /// Seconds this slide is shown; nil means the show's interval.
    public var duration: Double?
    /// The transition into this slide; nil means the show's transition.
    public var transition: TransitionKind?
    public var fit: FitMode?
    public var caption: String?
    /// Set when the slide is a video clip.
    public var video: SlideVideo?

    public init(
        source: String, duration: Double? = nil, transition: TransitionKind? = nil, fit: FitMode? = nil,
        caption: String? = nil, video: SlideVideo? = nil
    ) {
        self.source = source
        self.video = video
        self.duration = duration
        self.transition = transition
        self.fit = fit
        self.caption = caption
    }
}
