/// When the loop takes a picture of the screen for remotes: at rest, after a change a person
/// would notice since the last picture (another slide, a notice or caption shown or gone, the
/// display off or on, a browse or grid view moved), and not sooner than the interval. A
/// picture is taken once the same picture has been drawn `settle` seconds (its texts half
/// that), so it is never one of a fade. While the panel is dark, one dark picture is sent.
///
///     moving ──same picture drawn──▶ resting(since) ──settled, changed, interval passed──▶ taken
///       ▲                                 │
///       └────── another picture ──────────┘
public struct PictureCapture: Sendable {
    /// How long the same picture must have been drawn before it is taken.
    public static let settle: Seconds = 1
    /// The keys of the dark picture sent while the panel is off.
    public static let darkKeys = ["display off"]

    /// What is drawn now and since when (the picture and its texts apart); nil while no
    /// picture is wanted.
    enum Rest: Equatable, Sendable {
        case moving
        case resting(picture: [String], since: MonotonicInstant, texts: [String], textsSince: MonotonicInstant)
    }

    private(set) var rest = Rest.moving
    /// The last picture taken: when and its keys.
    private(set) var last: (time: MonotonicInstant, keys: [String])?

    public init() {}

    /// Whether the frame `out` is the one to take a picture of, at monotonic `time`; `interval`
    /// is the remotes' shortest time between pictures, nil when none are wanted; `settle` is how
    /// long the same picture must have been drawn (the web page's live Now asks for less);
    /// `atOnceAtRest`: a frame at rest by its making (`atRest`) is taken the first time it is
    /// drawn, without waiting (the live Now page).
    public mutating func wants(
        _ out: FrameOutput, mode: ShowMode, interval: Seconds?, settle: Seconds = PictureCapture.settle,
        atOnceAtRest: Bool = false, at time: MonotonicInstant
    ) -> Bool {
        let now = time
        guard let interval, out.scene.slidesDrawn.count <= 1 || out.restingPair || mode != .attract else {
            rest = .moving
            return false
        }
        let (picture, texts) = Self.parts(out, mode: mode)
        var since = now
        var textsSince = now
        if case .resting(let p, let s, let t, let ts) = rest {
            if p == picture, now >= s { since = s }
            if t == texts, now >= ts { textsSince = ts }
        }
        rest = .resting(picture: picture, since: since, texts: texts, textsSince: textsSince)
        let rested = now - since >= settle && now - textsSince >= settle * 0.5
        guard rested || (atOnceAtRest && Self.atRest(out, mode: mode)) else { return false }
        guard let last else { return true }
        return last.keys != picture + texts && now - last.time >= interval
    }

    /// Whether the frame is at rest by its making: the slideshow's one slide, wholly drawn. A
    /// transition draws two slides (or one partly), a person moves a browsed picture; a slide's
    /// own slow motion does not make it another picture.
    public static func atRest(_ out: FrameOutput, mode: ShowMode) -> Bool {
        guard mode == .attract, out.scene.slidesDrawn.count == 1 else { return false }
        return out.scene.ops.allSatisfy { op in
            if case .image(_, _, let alpha) = op { return alpha >= 1 }
            return true
        }
    }

    /// When the last picture was taken, if one was.
    public var lastTaken: MonotonicInstant? { last?.time }

    /// The picture of `out` was taken at `time`.
    public mutating func taken(_ out: FrameOutput, mode: ShowMode, at time: MonotonicInstant) {
        last = (time, Self.keys(out, mode: mode))
    }

    /// The panel is dark: whether to send the dark picture now (once, while pictures are wanted).
    public mutating func panelDark(interval: Seconds?, at time: MonotonicInstant) -> Bool {
        guard interval != nil, last?.keys != Self.darkKeys else { return false }
        last = (time, Self.darkKeys)
        rest = .moving
        return true
    }

    /// What makes one picture of the screen another: the slides drawn, the texts over them,
    /// and, outside the slideshow, where each slide is drawn (to a twentieth of the screen).
    public static func keys(_ out: FrameOutput, mode: ShowMode) -> [String] {
        let (picture, texts) = parts(out, mode: mode)
        return picture + texts
    }

    /// The keys of the picture (slides, mode, where they are drawn) and of its texts, apart:
    /// the picture must rest `settle`, its texts half that.
    static func parts(_ out: FrameOutput, mode: ShowMode) -> (picture: [String], texts: [String]) {
        var keys = out.drawnKeys + [mode.rawValue]
        var texts: [String] = []
        let size = out.scene.size
        for op in out.scene.ops {
            switch op {
            case .text(let block, _, _): texts.append(block.text)
            case .image(_, let rect, _) where mode != .attract && size.width > 0 && size.height > 0:
                let step = { (value: Double, side: Double) in String(Int((value * 20 / side).rounded())) }
                keys.append(
                    [step(rect.x, size.width), step(rect.y, size.height), step(rect.width, size.width)].joined(
                        separator: ","))
            default: break
            }
        }
        return (keys, texts)
    }
}
