import CWebP

/// One libwebp decode configuration (`WebPDecoderConfig`), freed with its owner.
/// The decoder writes into memory the caller provides, scaled by libwebp while
/// it decodes when the output is smaller than the image.
package final class WebPDecoderHandle {
    private let config: UnsafeMutablePointer<WebPDecoderConfig>
    private let path: String

    /// What the bitstream's header says.
    package struct Features {
        package var width: Int
        package var height: Int
        package var hasAlpha: Bool
        package var isAnimated: Bool
    }

    package init?(path: String) {
        config = .allocate(capacity: 1)
        self.path = path
        guard WebPInitDecoderConfig(config) != 0 else {
            config.deallocate()
            return nil
        }
    }

    deinit {
        WebPFreeDecBuffer(&config.pointee.output)
        config.deallocate()
    }

    package func features(_ data: UnsafeBufferPointer<UInt8>) throws(DecodeError) -> Features {
        let status = WebPGetFeatures(data.baseAddress, data.count, &config.pointee.input)
        guard status == VP8_STATUS_OK else { throw failure(status) }
        let input = config.pointee.input
        return Features(
            width: Int(input.width), height: Int(input.height), hasAlpha: input.has_alpha != 0,
            isAnimated: input.has_animation != 0)
    }

    /// Decodes `data` as BGRA (0xAARRGGBB little-endian words) at `width`×`height`
    /// (libwebp's area rescaler when that is smaller than the image) into `pixels`.
    package func decode(
        _ data: UnsafeBufferPointer<UInt8>, width: Int, height: Int, scaled: Bool,
        into pixels: UnsafeMutableBufferPointer<UInt32>
    ) throws(DecodeError) {
        precondition(pixels.count >= width * height, "the buffer must hold the image")
        let options = withUnsafeMutablePointer(to: &config.pointee.options) { $0 }
        options.pointee.use_threads = 1
        options.pointee.use_scaling = scaled ? 1 : 0
        options.pointee.scaled_width = Int32(width)
        options.pointee.scaled_height = Int32(height)
        let output = withUnsafeMutablePointer(to: &config.pointee.output) { $0 }
        output.pointee.colorspace = MODE_BGRA
        output.pointee.is_external_memory = 1
        output.pointee.u.RGBA.rgba = UnsafeMutableRawPointer(pixels.baseAddress)?.assumingMemoryBound(to: UInt8.self)
        output.pointee.u.RGBA.stride = Int32(width * 4)
        output.pointee.u.RGBA.size = width * height * 4
        let status = WebPDecode(data.baseAddress, data.count, config)
        guard status == VP8_STATUS_OK else { throw failure(status) }
    }

    private func failure(_ status: VP8StatusCode) -> DecodeError {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA:
            return DecodeError(path: path, reason: "the WebP data ends early (the file is truncated); copy it again")
        case VP8_STATUS_OUT_OF_MEMORY:
            return DecodeError(path: path, reason: "out of memory while decoding the WebP image")
        case VP8_STATUS_UNSUPPORTED_FEATURE:
            return DecodeError(path: path, reason: "the WebP image uses a feature libwebp does not support")
        default:
            return DecodeError(
                path: path, reason: "not a readable WebP image (status \(status.rawValue)); the file is damaged")
        }
    }
}
