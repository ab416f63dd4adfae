/// Decodes JPEG XL with libjxl: the first frame as 8-bit RGB(A), in sRGB where the
/// decoder can choose (lossy, XYB-coded images), else converted from the image's own
/// colour profile; reduced to display size, flattened and turned upright by the
/// orientation in its header. The pixel limit is checked from the header before any
/// pixel memory is taken.
struct JXLDecoder: BufferDecoder {
    var limits: DecodeLimits
    var colors: ColorTransforms

    func decode(_ data: UnsafeRawBufferPointer, request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        let decoder = try JXLDecoderHandle(path: request.path)
        var plan: DecodeGeometry?
        var decoded: DecodedImage?
        try decoder.decode(data) { (header) throws(DecodeError) in
            plan = try DecodeGeometry(
                storedWidth: header.width, storedHeight: header.height, orientation: header.orientation,
                request: request, limits: limits)
        } image: { (pixels, channels, color, exif) throws(DecodeError) in
            guard let plan else { throw DecodeError(path: request.path, reason: "the JPEG XL header is missing") }
            var reduced = reduce(pixels, channels: channels, plan: plan)
            colors.convert(&reduced, from: color)
            var image = plan.finish(reduced)
            image.metadata = exif.flatMap(Self.tiff).flatMap(ExifText.read)
            decoded = image
        }
        guard let decoded else { throw DecodeError(path: request.path, reason: "the JPEG XL image has no frame") }
        return decoded
    }

    private func reduce(_ pixels: UnsafeRawBufferPointer, channels: Int, plan: DecodeGeometry) -> PixelBuffer {
        let width = plan.storedWidth
        let height = plan.storedHeight
        var reducer = plan.reducer(sourceWidth: width, sourceHeight: height)
        let color = plan.flattenColor
        let source = pixels.bindMemory(to: UInt8.self)
        var row = [UInt32](repeating: 0, count: width)
        row.withUnsafeMutableBufferPointer { target in
            guard let start = source.baseAddress, let out = target.baseAddress else { return }
            for y in 0..<height {
                let line = start + y * width * channels
                if channels == 4 {
                    PixelSwizzle.rgbaToARGB(line, into: out, count: width)
                    Resize.flatten(target, onto: color)
                } else {
                    PixelSwizzle.rgbToARGB(line, into: out, count: width)
                }
                reducer.add(row: UnsafeBufferPointer(target))
            }
        }
        return reducer.finish()
    }

    /// The TIFF structure of a JPEG XL `Exif` box: after a 4-byte offset to its header.
    static func tiff(_ box: [UInt8]) -> ArraySlice<UInt8>? {
        guard box.count > 8 else { return nil }
        let offset = Int(box[0]) << 24 | Int(box[1]) << 16 | Int(box[2]) << 8 | Int(box[3])
        guard offset >= 0, 4 + offset < box.count else { return nil }
        return box[(4 + offset)...]
    }
}
