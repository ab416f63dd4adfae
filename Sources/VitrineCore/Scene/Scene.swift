/// One drawing step of a frame.
public enum DrawOp: Equatable, Sendable {
    /// Slide `slide`'s image stretched into `rect`, multiplied by `alpha` (0…1).
    case image(slide: Int, rect: Rect, alpha: Double)
    /// Slide `slide`'s backdrop (`--fill blur`: the photo blurred and dimmed, made to cover the
    /// screen) stretched into `rect`, drawn only inside `clip`, multiplied by `alpha` (0…1).
    case backdrop(slide: Int, rect: Rect, clip: Rect, alpha: Double)
    /// A rectangle of `color` blended over what is below with `alpha` (0…1).
    case fill(rect: Rect, color: RGBColor, alpha: Double)
    /// Text laid out inside `box` (wrapped or cut with an ellipsis, never outside it).
    case text(TextBlock, box: Rect, alpha: Double)
    /// A filled circle.
    case disc(center: Point, radius: Double, color: RGBColor, alpha: Double)
    /// Part of a ring: from angle `start` (radians, 0 = 12 o'clock, clockwise) over `sweep` radians.
    case arc(
        center: Point, radius: Double, thickness: Double, start: Double, sweep: Double, color: RGBColor, alpha: Double)
}

/// A piece of text and how it looks. The renderer rasterizes each distinct
/// line once and keeps it; the core only describes.
public struct TextBlock: Equatable, Hashable, Sendable {
    public enum Alignment: String, Equatable, Hashable, Sendable {
        case leading
        case center
        case trailing
    }

    public var text: String
    /// Glyph height in output pixels (the font's point size at 1 px per point).
    public var size: Double
    public var color: RGBColor
    public var bold: Bool
    public var alignment: Alignment
    /// Lines at most; what does not fit ends with an ellipsis.
    public var maxLines: Int
    /// A soft dark shadow under the glyphs, for text straight on a photo.
    public var shadow: Bool

    public init(
        _ text: String, size: Double, color: RGBColor = RGBColor(r: 255, g: 255, b: 255), bold: Bool = false,
        alignment: Alignment = .center, maxLines: Int = 1, shadow: Bool = true
    ) {
        self.text = text
        self.size = size
        self.color = color
        self.bold = bold
        self.alignment = alignment
        self.maxLines = maxLines
        self.shadow = shadow
    }
}

/// A value that describes one frame completely: clear to `background`, then
/// draw `ops` in order. Drawing it is the renderer's whole job.
public struct Scene: Equatable, Sendable {
    public var size: Size
    public var background: RGBColor
    public var ops: [DrawOp]

    public init(size: Size, background: RGBColor, ops: [DrawOp] = []) {
        self.size = size
        self.background = background
        self.ops = ops
    }

    /// The slides this frame draws.
    public var slidesDrawn: [Int] {
        ops.compactMap {
            if case .image(let slide, _, _) = $0 { return slide }
            return nil
        }
    }
}
