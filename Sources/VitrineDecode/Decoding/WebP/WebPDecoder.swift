/// Decodes WebP with libwebp at display size: `WebPDecoderConfig` with
/// `use_scaling` rescales rows as they are decoded (an area average), so the
/// full-size image is never made; then transparency is flattened and the
/// image turned upright. Animations (which libwebp's still-image decoder
/// refuses) go to SDL2_image as before.
struct WebPDecoder {
    var limits: DecodeLimits

    func decode(_ bytes: [UInt8], request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        let orientation = ExifOrientation.of(bytes, format: .webp)
        let result = bytes.withUnsafeBufferPointer { data in
            Result { () throws(DecodeError) -> DecodedImage? in
                try decode(data, orientation: orientation, request: request)
            }
        }
        if let image = try result.get() { return image }
        return try SDLFormatDecoder(limits: limits).decode(bytes, format: .webp, request: request)
    }

    private func decode(
        _ data: UnsafeBufferPointer<UInt8>, orientation: Orientation, request: DecodeRequest
    ) throws(DecodeError) -> DecodedImage? {
        guard let webp = WebPDecoderHandle(path: request.path) else {
            throw DecodeError(path: request.path, reason: "cannot start the WebP decoder (libwebp version mismatch?)")
        }
        let features = try webp.features(data)
        if features.isAnimated { return nil }
        let plan = try DecodeGeometry(
            storedWidth: features.width, storedHeight: features.height, orientation: orientation, request: request,
            limits: limits)
        let w = plan.targetWidth
        let h = plan.targetHeight
        let scaled = w != features.width || h != features.height
        var failure: DecodeError?
        var pixels = [UInt32](unsafeUninitializedCapacity: w * h) { buffer, initialized in
            do throws(DecodeError) {
                try webp.decode(data, width: w, height: h, scaled: scaled, into: buffer)
            } catch {
                failure = error
                buffer.initialize(repeating: 0)
            }
            initialized = w * h
        }
        if let failure { throw failure }
        if features.hasAlpha {
            pixels.withUnsafeMutableBufferPointer { Resize.flatten($0, onto: plan.flattenColor) }
        }
        return plan.finish(PixelBuffer(width: w, height: h, pixels: pixels))
    }
}
