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
