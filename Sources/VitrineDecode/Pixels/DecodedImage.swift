import VitrineBase

/// A decoded image, upright and sized for its output.
public struct DecodedImage: Equatable, Sendable {
    public var pixels: PixelBuffer
    /// The source's size after orientation, before any downscale.
    public var sourceSize: Size
    /// What the file says about itself (EXIF description, date taken), for captions; and the
    /// faces found in it, when asked for.
    public var metadata: ImageMetadata?
    /// The photo made to cover the output, small, blurred and dimmed (`--fill blur`), when asked for.
    public var backdrop: PixelBuffer?

    public init(pixels: PixelBuffer, sourceSize: Size, metadata: ImageMetadata? = nil, backdrop: PixelBuffer? = nil) {
        self.pixels = pixels
        self.sourceSize = sourceSize
        self.metadata = metadata
        self.backdrop = backdrop
    }
}
