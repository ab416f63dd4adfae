/// Decodes HEIC/HEIF (HEVC through libde265) and AVIF (AV1 through dav1d or aom)
/// with libheif: the primary image, its tiles joined and its rotation and mirroring
/// (`irot`, `imir`) applied by libheif, as planar RGB (the one full-size image libheif
/// makes); then reduced to display size row by row, flattened and turned to sRGB from its
/// ICC profile or nclx colour. The pixel limit and the tile count are checked before
/// anything is decoded, and the full-size image is released before the colour conversion.
struct HEIFDecoder: BufferDecoder {
    var limits: DecodeLimits
    var colors: ColorTransforms
    /// An AVIF (its brand): decoded on one CPU, which takes dav1d a third less memory.
    var av1 = false

    func decode(_ data: UnsafeRawBufferPointer, request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        try checkTiles(HEIFBoxes.derivedImageReferences(data), path: request.path)
        let file = try HEIFFile(data, maxSide: min(limits.maxPixels, 1 << 20), path: request.path)
        return try decode(file, request: request)
    }

    /// Decodes from the open file, which libheif reads a box at a time, when the tiles can be
    /// counted from the file's first bytes (its `meta` box is there, as photos write it); nil
    /// when they cannot, and the caller reads the file whole instead.
    func decode(_ stream: ImageFileStream, request: DecodeRequest) throws(DecodeError) -> DecodedImage? {
        let head = try stream.peek(HEIFBoxes.headBytes)
        let whole = head.count == stream.size
        guard let tiles = head.withUnsafeBytes({ HEIFBoxes.derivedImageReferences($0, whole: whole) }) else {
            return nil
        }
        try checkTiles(tiles, path: request.path)
        let file = try HEIFFile(stream, maxSide: min(limits.maxPixels, 1 << 20))
        return try decode(file, request: request)
    }

    private func checkTiles(_ tiles: Int?, path: String) throws(DecodeError) {
        if let tiles, tiles > HEIFBoxes.maxTiles {
            throw DecodeError(
                path: path,
                reason: "the HEIF file is made of \(tiles) tiles, over the \(HEIFBoxes.maxTiles) a photo has; "
                    + "the file is damaged or hostile")
        }
    }

    private func decode(_ file: HEIFFile, request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        let path = request.path
        // libheif reports the size with rotation applied and decodes upright, so the
        // plan's orientation is `.up`.
        let plan = try DecodeGeometry(
            storedWidth: file.width, storedHeight: file.height, orientation: .up, request: request, limits: limits)
        var reduced = try reduce(file, plan: plan, path: path)
        colors.convert(&reduced, from: file.color())
        var decoded = plan.finish(reduced)
        decoded.metadata = file.exif().flatMap(ExifText.read)
        return decoded
    }

    /// The primary image decoded and reduced by `plan`; the full-size image lives only in here.
    private func reduce(_ file: HEIFFile, plan: DecodeGeometry, path: String) throws(DecodeError) -> PixelBuffer {
        let alpha = file.hasAlpha
        let image = try file.decode(alpha: alpha, oneCPU: av1)
        guard image.width == file.width, image.height == file.height else {
            throw DecodeError(
                path: path,
                reason: "libheif decoded \(image.width)x\(image.height), not the \(file.width)x\(file.height) "
                    + "the file announces; the file is damaged")
        }
        let color = plan.flattenColor
        let flatten: (@Sendable (UnsafeMutableBufferPointer<UInt32>) -> Void)? =
            alpha ? { @Sendable pixels in Resize.flatten(pixels, onto: color) } : nil
        let pipeline = ReducingPipeline(
            reducer: plan.reducer(sourceWidth: image.width, sourceHeight: image.height), prepare: flatten)
        let width = image.width
        let height = image.height
        var y = 0
        return try pipeline.run { (chunk) throws(DecodeError) -> Int in
            let n = min(pipeline.chunkRows, height - y)
            guard n > 0 else { return 0 }
            for row in 0..<n {
                image.row(y + row, into: chunk.baseAddress.unsafelyUnwrapped + row * width)
            }
            y += n
            return n
        }
    }
}
