import VitrineBase

/// What to decode and for which output.
public struct DecodeRequest: Equatable, Hashable, Sendable {
    public var path: String
    /// The output the image will be shown on, in pixels.
    public var output: Size
    public var fit: FitMode
    /// Transparent pixels are flattened onto this colour.
    public var background: RGBColor
    /// The largest side a decoded image may have (the renderer's texture limit).
    public var maxSide: Int
    /// Whether to make the photo's backdrop too (`DecodedImage.backdrop`).
    public var backdrop: Bool
    /// Whether to look for faces too (`ImageMetadata.faces`).
    public var faces: Bool

    public init(
        path: String, output: Size, fit: FitMode, background: RGBColor, maxSide: Int = 4096, backdrop: Bool = false,
        faces: Bool = false
    ) {
        self.path = path
        self.output = output
        self.fit = fit
        self.background = background
        self.maxSide = maxSide
        self.backdrop = backdrop
        self.faces = faces
    }
}
