import VitrineCore

/// Decoded pixels, row-major, one `UInt32` a pixel as 0xAARRGGBB (SDL's ARGB8888).
public struct PixelBuffer: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "pixel count must match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A buffer filled with one colour.
    public init(width: Int, height: Int, color: UInt32) {
        self.init(width: width, height: height, pixels: Array(repeating: color, count: width * height))
    }

    public var size: Size { Size(width: Double(width), height: Double(height)) }
    public var byteCount: Int { pixels.count * 4 }

    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// Packs 8-bit channels into ARGB8888.
    public static func argb(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> UInt32 {
        UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }
}

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

/// Why an image could not be decoded. The message is one line for the log.
public struct DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}

/// Something that turns a file into a `DecodedImage`.
public protocol ImageDecoding: Sendable {
    func decode(_ request: DecodeRequest) throws(DecodeError) -> DecodedImage
}
