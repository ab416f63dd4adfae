import CSpng
import Glibc

/// Writes PNG files with libspng's encoder: benchmark inputs and test fixtures.
public enum PNGEncoder {
    /// How hard to compress.
    public enum Effort: Sendable {
        /// libspng's defaults (zlib level 6, every filter tried): the smallest files.
        case small
        /// zlib level 1 with the Sub and Up filters: a twentieth of the time for files a few
        /// per cent larger (a 960x540 frame: about 20 ms instead of 400 ms).
        case fast
    }

    /// `image` as an 8-bit RGB PNG (alpha dropped); nil if the encoder fails.
    public static func encode(_ image: PixelBuffer, effort: Effort = .small) -> [UInt8]? {
        guard let context = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { return nil }
        defer { spng_ctx_free(context) }
        spng_set_option(context, SPNG_ENCODE_TO_BUFFER, 1)
        if effort == .fast {
            spng_set_option(context, SPNG_IMG_COMPRESSION_LEVEL, 1)
            spng_set_option(
                context, SPNG_FILTER_CHOICE, Int32(SPNG_FILTER_CHOICE_SUB.rawValue | SPNG_FILTER_CHOICE_UP.rawValue))
        }
        var header = spng_ihdr()
        header.width = UInt32(image.width)
        header.height = UInt32(image.height)
        header.bit_depth = 8
        header.color_type = UInt8(SPNG_COLOR_TYPE_TRUECOLOR.rawValue)
        guard spng_set_ihdr(context, &header) == 0 else { return nil }
        var rgb = [UInt8](repeating: 0, count: image.width * image.height * 3)
        image.pixels.withUnsafeBufferPointer { pixels in
            rgb.withUnsafeMutableBufferPointer { out in
                for i in pixels.indices {
                    let p = pixels[i]
                    out[i * 3] = UInt8((p >> 16) & 0xFF)
                    out[i * 3 + 1] = UInt8((p >> 8) & 0xFF)
                    out[i * 3 + 2] = UInt8(p & 0xFF)
                }
            }
        }
        let status = rgb.withUnsafeMutableBytes {
            spng_encode_image(
                context, $0.baseAddress, $0.count, Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue))
        }
        guard status == 0 else { return nil }
        var size = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(context, &size, &error), error == 0 else { return nil }
        defer { free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: size))
    }
}
