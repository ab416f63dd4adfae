import CWebP

/// Writes WebP files with libwebp's encoder: benchmark inputs and test fixtures.
public enum WebPEncoder {
    /// `image` as lossy WebP at `quality` (0–100), or lossless; nil if the encoder fails.
    public static func encode(_ image: PixelBuffer, quality: Int = 80, lossless: Bool = false) -> [UInt8]? {
        var output: UnsafeMutablePointer<UInt8>?
        let size = image.pixels.withUnsafeBytes { src -> Int in
            let bgra = src.baseAddress?.assumingMemoryBound(to: UInt8.self)
            let w = Int32(image.width)
            let h = Int32(image.height)
            if lossless { return WebPEncodeLosslessBGRA(bgra, w, h, w * 4, &output) }
            return WebPEncodeBGRA(bgra, w, h, w * 4, Float(max(0, min(100, quality))), &output)
        }
        defer { WebPFree(output) }
        guard size > 0, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
