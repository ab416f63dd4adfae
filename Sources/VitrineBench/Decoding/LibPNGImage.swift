import CPNG
import VitrineMedia

/// libpng's simplified reader (`png_image`) over a PNG in memory, freed with its
/// owner. Only the benchmark uses it, as a second library's plain decode beside
/// libspng's.
final class LibPNGImage {
    private let image: UnsafeMutablePointer<png_image>

    init() {
        image = .allocate(capacity: 1)
        image.initialize(to: png_image())
        vitrine_png_image_prepare(image)
    }

    deinit {
        png_image_free(image)
        image.deallocate()
    }

    /// Decodes the whole image to BGRA; returns its width and height.
    func decodeWhole(_ data: UnsafeBufferPointer<UInt8>, path: String) throws(DecodeError) -> (Int, Int) {
        guard png_image_begin_read_from_memory(image, data.baseAddress, data.count) != 0 else {
            throw failure(path)
        }
        vitrine_png_image_want_bgra(image)
        let w = Int(image.pointee.width)
        let h = Int(image.pointee.height)
        var pixels = [UInt32](repeating: 0, count: w * h)
        let ok = pixels.withUnsafeMutableBytes { png_image_finish_read(image, nil, $0.baseAddress, 0, nil) }
        guard ok != 0 else { throw failure(path) }
        return (w, h)
    }

    private func failure(_ path: String) -> DecodeError {
        let message = withUnsafeBytes(of: image.pointee.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return DecodeError(path: path, reason: "libpng cannot decode it (\(message))")
    }
}
