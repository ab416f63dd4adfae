/// Which overlays to load and how they look.
public struct OverlayOptions: Equatable, Sendable {
    public var caption: CaptionKind = .none
    public var captionEdge: OverlayEdge = .bottom
    /// `--caption-template`: the caption of slides whose item gives none, with fields.
    public var captionTemplate: String?
    /// Place names for a caption's `{place}`, loaded when a caption may use it.
    public var places: PlaceNames?
    /// strftime-style format of the clock overlay; nil means no clock.
    public var clockFormat: String?
    public var clockEdge: OverlayEdge = .top
    public var pageIndicator: PageIndicatorMode = .browse
    public var pageIndicatorEdge: OverlayEdge = .bottom
    /// Show a ring when the next slide is late.
    public var loadingRing = true
    /// A TrueType/OpenType font file; nil means DejaVu Sans.
    public var font: String?

    public init() {}

    /// The overlay stack these options ask for, in drawing order.
    public func stack(slides: [Slide], timeZone: TimeZoneBox = .current) -> OverlayStack {
        var stack = OverlayStack()
        var captionOverlay = CaptionOverlay(kind: caption, edge: captionEdge)
        captionOverlay.template = captionTemplate
        captionOverlay.places = places
        captionOverlay.zone = timeZone.zone
        if caption != .none { stack.add(captionOverlay, slides: slides) }
        if let clockFormat {
            stack.add(
                ClockOverlay(format: TimeFormat(clockFormat, timeZone: timeZone.zone), edge: clockEdge), slides: slides)
        }
        if pageIndicator != .never {
            var dots = PageIndicatorOverlay(mode: pageIndicator, edge: pageIndicatorEdge)
            if caption != .none, captionEdge == pageIndicatorEdge { dots.inset = captionOverlay.bandUnits }
            stack.add(dots, slides: slides)
        }
        if loadingRing { stack.add(LoadingOverlay(), slides: slides) }
        return stack
    }
}
