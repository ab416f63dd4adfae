import CTurboJPEG

/// A small JPEG of what the screen shows, for Home Assistant's image entity and `GET /api/frame.jpg`.
public enum FrameJPEG {
    /// Scales `pixels` (row-major ARGB8888, `0xAARRGGBB` as SDL and `PixelBuffer` hold them) down
    /// to at most `maximumWidth` pixels wide by averaging, and compresses them; nil when the size
    /// does not match or TurboJPEG fails.
    public static func encode(
        argb pixels: [UInt32], width: Int, height: Int, maximumWidth: Int = 480, quality: Int = 75
    ) -> [UInt8]? {
        guard width > 0, height > 0, pixels.count == width * height, maximumWidth > 0 else { return nil }
        let factor = max(1, (width + maximumWidth - 1) / maximumWidth)
        let outWidth = max(1, width / factor)
        let outHeight = max(1, height / factor)
        var bytes = [UInt8](repeating: 0, count: outWidth * outHeight * 3)
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
                let o = (y * outWidth + x) * 3
                bytes[o] = UInt8((r + area / 2) / area)
                bytes[o + 1] = UInt8((g + area / 2) / area)
                bytes[o + 2] = UInt8((b + area / 2) / area)
            }
        }
        guard let compressor = Compressor() else { return nil }
        return compressor.compress(rgb: bytes, width: outWidth, height: outHeight, quality: min(100, max(1, quality)))
    }
}

/// A TurboJPEG compression handle.
private final class Compressor {
    private let handle: tjhandle

    init?() {
        guard let handle = tjInitCompress() else { return nil }
        self.handle = handle
    }

    deinit { tjDestroy(handle) }

    func compress(rgb: [UInt8], width: Int, height: Int, quality: Int) -> [UInt8]? {
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = rgb.withUnsafeBufferPointer { source in
            tjCompress2(
                handle, source.baseAddress, Int32(width), Int32(width * 3), Int32(height), Int32(TJPF_RGB.rawValue),
                &output, &size, Int32(TJSAMP_420.rawValue), Int32(quality), 0)
        }
        defer { tjFree(output) }
        guard status == 0, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
