/// One image the show wants decoded: for which output size, fitted how.
public struct DecodeWant: Hashable, Sendable {
    public var path: String
    public var output: Size
    public var fit: FitMode
    public var background: RGBColor
    /// A video clip: opened by the host's video player, not decoded as an image.
    public var video = false
    /// The decode makes the photo's backdrop too (`--fill blur`).
    public var backdrop = false
    /// The decode looks for faces too (the photo may be cropped: `--fit cover`, Ken Burns).
    public var faces = false

    public init(path: String, output: Size, fit: FitMode, background: RGBColor, video: Bool = false) {
        self.video = video
        self.path = path
        self.output = output
        self.fit = fit
        self.background = background
    }
}

/// What to decode, most urgent first, and which images to keep; everything
/// else the drawer holds can go.
public struct DecodePlan: Equatable, Sendable {
    public var wants: [DecodeWant] = []
    public var keep: Set<String> = []

    public init(wants: [DecodeWant] = [], keep: Set<String> = []) {
        self.wants = wants
        self.keep = keep
    }
}

/// The one place that decides what to decode: the slides a frame draws, then
/// the ones the show will want next (pending target, neighbours, the grid
/// page), each at the size it is drawn at; an image already decoded at a size
/// that serves is not decoded again.
public enum DecodePlanner {
    public static func plan(_ engine: ShowEngine, drawn scene: Scene, images: LoadedImages) -> DecodePlan {
        let slides = engine.show.slides
        var plan = DecodePlan()
        var seen: Set<Int> = []
        for i in scene.slidesDrawn + engine.wantedSlides where slides.indices.contains(i) && seen.insert(i).inserted {
            let slide = slides[i]
            plan.keep.insert(slide.path)
            let target = engine.decodeOutput(for: i)
            if let have = images.images[slide.path], serves(have.decodedFor, target, output: engine.output) {
                continue
            }
            let fit = slide.fit ?? engine.show.options.fit
            var want = DecodeWant(
                path: slide.path, output: target, fit: fit, background: engine.show.options.background,
                video: slide.video != nil)
            // Thumbnails (a grid's) need neither.
            let full = !want.video && target == engine.output
            want.backdrop = full && engine.show.options.fill == .blur
            want.faces = full && (fit == .cover || (slide.motion ?? engine.show.options.motion) == .kenburns)
            plan.wants.append(want)
        }
        return plan
    }

    /// Whether an image decoded for `have` serves a slide drawn at `target`: the
    /// same size, or a thumbnail drawn from a larger decode.
    static func serves(_ have: Size, _ target: Size, output: Size) -> Bool {
        have == target || (target != output && have.width >= target.width && have.height >= target.height)
    }
}
