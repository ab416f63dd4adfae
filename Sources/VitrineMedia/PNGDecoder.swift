import CSpng

/// Decodes PNG with libspng under chunk-size and image-size limits. Plain
/// (non-interlaced) images stream row by row into the area downscale, so
/// memory follows the output size, not the source size.
struct PNGDecoder {
    var limits: DecodeLimits

    func decode(_ bytes: [UInt8], request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DecodeError) -> DecodedImage in try decode(buffer, request: request) }
        }
        return try result.get()
    }

    private func decode(_ buffer: UnsafeBufferPointer<UInt8>, request: DecodeRequest) throws(DecodeError)
        -> DecodedImage
    {
        let path = request.path
        guard let png = SpngContext(buffer, limits: limits) else {
            throw DecodeError(path: path, reason: "cannot start the PNG decoder (out of memory?)")
        }
        let header = try png.header(path: path)
        let orientation = png.exif().map { ExifOrientation.read($0[...]) } ?? .up
        let plan = try DecodeGeometry(
            storedWidth: header.width, storedHeight: header.height, orientation: orientation, request: request,
            limits: limits)
        var reducer = plan.reducer(sourceWidth: header.width, sourceHeight: header.height)
        let color = plan.flattenColor
        if header.interlaced {
            // Adam7 rows arrive pass by pass: the whole image is needed (bounded by the pixel limit).
            var pixels = try png.decodeWhole(width: header.width, height: header.height, path: path)
            pixels.withUnsafeMutableBufferPointer { all in
                Self.prepare(all, onto: color)
                for y in 0..<header.height { reducer.add(rowAt: y, of: UnsafeBufferPointer(all), pitch: header.width) }
            }
        } else {
            try png.startRows(path: path)
            var row = [UInt32](repeating: 0, count: header.width)
            for _ in 0..<header.height {
                try row.withUnsafeMutableBufferPointer { (buffer) throws(DecodeError) in
                    try png.nextRow(into: buffer, path: path)
                    Self.prepare(buffer, onto: color)
                    reducer.add(row: UnsafeBufferPointer(buffer))
                }
            }
            try png.finishRows(path: path)
        }
        return plan.finish(reducer.finish())
    }

    /// RGBA bytes (0xAABBGGRR as a little-endian word) to 0xAARRGGBB, flattened onto the background.
    private static func prepare(
        _ pixels: UnsafeMutableBufferPointer<UInt32>, onto color: (r: UInt8, g: UInt8, b: UInt8)
    ) {
        var opaque = true
        for i in pixels.indices {
            let v = pixels[i]
            pixels[i] = (v & 0xFF00_FF00) | (v & 0xFF) << 16 | (v >> 16) & 0xFF
            opaque = opaque && v >= 0xFF00_0000
        }
        if !opaque { Resize.flatten(pixels, onto: color) }
    }
}
