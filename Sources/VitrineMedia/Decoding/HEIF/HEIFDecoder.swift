/// Decodes HEIC/HEIF (HEVC through libde265) and AVIF (AV1 through dav1d or aom)
/// with libheif: the primary image, its tiles joined and its rotation and mirroring
/// (`irot`, `imir`) applied by libheif; then reduced to display size, flattened and
/// turned to sRGB from its ICC profile or nclx colour. The pixel limit and the tile
/// count are checked before anything is decoded.
struct HEIFDecoder: BufferDecoder {
    var limits: DecodeLimits
    var colors: ColorTransforms

    func decode(_ data: UnsafeRawBufferPointer, request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        let path = request.path
        if let tiles = HEIFBoxes.derivedImageReferences(data), tiles > HEIFBoxes.maxTiles {
            throw DecodeError(
                path: path,
                reason: "the HEIF file is made of \(tiles) tiles, over the \(HEIFBoxes.maxTiles) a photo has; "
                    + "the file is damaged or hostile")
        }
        let file = try HEIFFile(data, maxSide: min(limits.maxPixels, 1 << 20), path: path)
        // libheif reports the size with rotation applied and decodes upright, so the
        // plan's orientation is `.up`.
        let plan = try DecodeGeometry(
            storedWidth: file.width, storedHeight: file.height, orientation: .up, request: request, limits: limits)
        let alpha = file.hasAlpha
        let image = try file.decode(alpha: alpha)
        guard let plane = image.plane, image.width == file.width, image.height == file.height else {
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
        var reduced = try pipeline.run { (chunk) throws(DecodeError) -> Int in
            let n = min(pipeline.chunkRows, height - y)
            guard n > 0 else { return 0 }
            for row in 0..<n {
                let source = plane.pixels + (y + row) * plane.stride
                let target = chunk.baseAddress.unsafelyUnwrapped + row * width
                if alpha {
                    PixelSwizzle.rgbaToARGB(source, into: target, count: width)
                } else {
                    PixelSwizzle.rgbToARGB(source, into: target, count: width)
                }
            }
            y += n
            return n
        }
        colors.convert(&reduced, from: file.color())
        var decoded = plan.finish(reduced)
        decoded.metadata = file.exif().flatMap(ExifText.read)
        return decoded
    }
}
