import VitrineBase

/// Vitrine's decoder, in the calling process: reads the file, recognises the
/// format from its first bytes (never the name) and sends it to the right
/// decoder: libjpeg-turbo for JPEG, libspng for PNG, libwebp for WebP, libheif for
/// HEIC/HEIF and AVIF, libjxl for JPEG XL, SDL2_image for the rest.
/// Every path applies the pixel limit, flattens transparency, downscales to
/// the fitted size with an area filter, turns the image upright and converts an
/// embedded colour profile to sRGB (`colors` keeps the transforms between decodes).
/// Asked to, it then looks for faces (`faces` keeps the detector) and makes the backdrop.
public struct MediaDecoder: ImageDecoding {
    public var limits: DecodeLimits
    public var colors: ColorTransforms
    public var faces: FaceFinder

    public init(
        limits: DecodeLimits = DecodeLimits(), colors: ColorTransforms = ColorTransforms(),
        faces: FaceFinder = FaceFinder()
    ) {
        self.limits = limits
        self.colors = colors
        self.faces = faces
    }

    /// A PNG is read as it decodes, a HEIF or AVIF by libheif from the open file; other files
    /// are read whole first.
    public func decode(_ request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        let source = try ImageFileStream(request.path, maxBytes: limits.maxFileBytes)
        var image: DecodedImage
        let format = ImageFormat.sniff(try source.peek(ImageFormat.sniffLength))
        if format == .png {
            image = try PNGDecoder(limits: limits, colors: colors).decode(source, request: request)
        } else if format == .heif || format == .avif,
            let decoded = try HEIFDecoder(limits: limits, colors: colors, av1: format == .avif).decode(
                source, request: request)
        {
            // libheif reads the file itself: no copy of the whole file beside its own.
            image = decoded
        } else {
            let bytes = try source.readAll()
            image = try decode(bytes: consume bytes, request: request)
        }
        addExtras(to: &image, for: request)
        return image
    }

    /// The faces and the backdrop, when `request` asks for them, made from the decoded pixels.
    public func addExtras(to image: inout DecodedImage, for request: DecodeRequest) {
        if request.faces, let found = faces.faces(in: image.pixels) {
            var metadata = image.metadata ?? ImageMetadata()
            metadata.faces = found
            image.metadata = metadata
        }
        if request.backdrop { image.backdrop = Backdrop.make(from: image.pixels, output: request.output) }
    }

    /// Decodes an image already in memory; `request.path` only names it in errors.
    public func decode(bytes: consuming [UInt8], request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        guard let format = ImageFormat.sniff(bytes) else {
            throw DecodeError(path: request.path, reason: ImageFormat.unrecognisedReason(bytes))
        }
        let metadata = ExifText.of(bytes, format: format)
        let color = EmbeddedProfile.of(bytes, format: format)
        var image: DecodedImage
        switch format {
        case .jpeg: image = try JPEGDecoder(limits: limits).decode(consume bytes, request: request)
        case .png: image = try PNGDecoder(limits: limits, colors: colors).decode(bytes, request: request)
        case .webp: image = try WebPDecoder(limits: limits).decode(bytes, request: request)
        case .heif, .avif:
            return try HEIFDecoder(limits: limits, colors: colors, av1: format == .avif).decode(bytes, request: request)
        case .jxl: return try JXLDecoder(limits: limits, colors: colors).decode(bytes, request: request)
        default: image = try SDLFormatDecoder(limits: limits).decode(consume bytes, format: format, request: request)
        }
        image.metadata = metadata
        colors.convert(&image.pixels, from: color)
        return image
    }
}
