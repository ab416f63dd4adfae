import CSpng

/// Decodes PNG with libspng under chunk-size and image-size limits. Plain
/// (non-interlaced) images stream row by row into the area downscale, so
/// memory follows the output size, not the source size; read from a file, the
/// file too is read as the rows need it, never held whole.
struct PNGDecoder {
    var limits: DecodeLimits
    /// Converts the `iCCP` profile's colours to sRGB.
    var colors = ColorTransforms()

    func decode(_ bytes: [UInt8], request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DecodeError) -> DecodedImage in
                guard let png = SpngContext(buffer, limits: limits) else { throw Self.cannotStart(request) }
                var image = try decode(png, request: request)
                colors.convert(&image.pixels, from: png.iccProfile().map(SourceColor.icc))
                return image
            }
        }
        return try result.get()
    }

    /// Decodes the PNG `stream` holds from where it stands, with its EXIF text as the metadata.
    func decode(_ stream: ImageFileStream, request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        guard let png = SpngContext(stream: stream, limits: limits) else { throw Self.cannotStart(request) }
        var image = try decode(png, request: request)
        image.metadata = png.exif().flatMap { ExifText.read($0[...]) }
        colors.convert(&image.pixels, from: png.iccProfile().map(SourceColor.icc))
        return image
    }

    private static func cannotStart(_ request: DecodeRequest) -> DecodeError {
        DecodeError(path: request.path, reason: "cannot start the PNG decoder (out of memory?)")
    }

    private func decode(_ png: SpngContext, request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        let path = request.path
        let header = try png.header(path: path)
        let orientation = png.exif().map { ExifOrientation.read($0[...]) } ?? .up
        let plan = try DecodeGeometry(
            storedWidth: header.width, storedHeight: header.height, orientation: orientation, request: request,
            limits: limits)
        var reducer = plan.reducer(sourceWidth: header.width, sourceHeight: header.height)
        // The rows stay in libspng's RGBA byte order (0xAABBGGRR words) through the
        // downscale, which averages each byte lane alike: only the small result is
        // swapped to 0xAARRGGBB. So the background is given in that order too.
        let color = plan.flattenColor
        let swapped = (r: color.b, g: color.g, b: color.r)
        if header.interlaced {
            // Adam7 rows arrive pass by pass: the whole image is needed (bounded by the pixel limit).
            var pixels = try png.decodeWhole(width: header.width, height: header.height, path: path)
            pixels.withUnsafeMutableBufferPointer { all in
                Self.flatten(all, onto: swapped)
                for y in 0..<header.height { reducer.add(rowAt: y, of: UnsafeBufferPointer(all), pitch: header.width) }
            }
            return plan.finish(Self.swapRedBlue(reducer.finish()))
        }
        try png.startRows(path: path)
        let pipeline = ReducingPipeline(reducer: reducer) { Self.flatten($0, onto: swapped) }
        var left = header.height
        let reduced = try pipeline.run { (chunk) throws(DecodeError) -> Int in
            let n = min(pipeline.chunkRows, left)
            guard n > 0 else { return 0 }
            for i in 0..<n {
                let row = UnsafeMutableBufferPointer(rebasing: chunk[(i * header.width)..<((i + 1) * header.width)])
                try png.nextRow(into: row, path: path)
            }
            left -= n
            return n
        }
        try png.finishRows(path: path)
        return plan.finish(Self.swapRedBlue(consume reduced))
    }

    /// Flattens rows whose alpha is not all opaque (the check is cheaper than the blend).
    private static func flatten(
        _ pixels: UnsafeMutableBufferPointer<UInt32>, onto color: (r: UInt8, g: UInt8, b: UInt8)
    ) {
        var opaque: UInt32 = 0xFF00_0000
        for v in pixels { opaque &= v }
        if opaque != 0xFF00_0000 { Resize.flatten(pixels, onto: color) }
    }

    /// 0xAABBGGRR words to 0xAARRGGBB.
    private static func swapRedBlue(_ image: consuming PixelBuffer) -> PixelBuffer {
        var image = image
        image.pixels.withUnsafeMutableBufferPointer { p in
            for i in p.indices {
                let v = p[i]
                p[i] = (v & 0xFF00_FF00) | (v & 0xFF) << 16 | (v >> 16) & 0xFF
            }
        }
        return image
    }
}
