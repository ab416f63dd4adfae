/// A small JPEG of what the screen shows, for Home Assistant's image entity and `GET /api/frame.jpg`.
public enum FrameJPEG {
    /// Scales `pixels` (row-major ARGB8888, `0xAARRGGBB` as SDL and `PixelBuffer` hold them) down
    /// to at most `maximumWidth` pixels wide by averaging, and compresses them (`JPEGEncoder`); nil
    /// when the size does not match or the compressor fails.
    public static func encode(
        argb pixels: [UInt32], width: Int, height: Int, maximumWidth: Int = 480, quality: Int = 75
    ) -> [UInt8]? {
        guard width > 0, height > 0, pixels.count == width * height, maximumWidth > 0 else { return nil }
        let factor = max(1, (width + maximumWidth - 1) / maximumWidth)
        let outWidth = max(1, width / factor)
        let outHeight = max(1, height / factor)
        var reduced = [UInt32](repeating: 0, count: outWidth * outHeight)
        let area = UInt32(factor * factor)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                var r: UInt32 = 0
                var g: UInt32 = 0
                var b: UInt32 = 0
                for sy in (y * factor)..<(y * factor + factor) {
                    let row = sy * width
                    for sx in (x * factor)..<(x * factor + factor) {
                        let p = pixels[row + sx]
                        r += (p >> 16) & 0xFF
                        g += (p >> 8) & 0xFF
                        b += p & 0xFF
                    }
                }
                let half = area / 2
                reduced[y * outWidth + x] =
                    0xFF00_0000 | ((r + half) / area) << 16 | ((g + half) / area) << 8 | (b + half) / area
            }
        }
        return JPEGEncoder.encode(PixelBuffer(width: outWidth, height: outHeight, pixels: reduced), quality: quality)
    }
}
