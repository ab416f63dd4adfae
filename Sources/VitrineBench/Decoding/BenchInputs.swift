import Foundation
import VitrineMedia

/// Images the benchmark makes when it is given none.
enum BenchInputs {
    /// A photo-like picture: smooth gradients and shapes with fine grain, so it
    /// compresses and decodes like a real photo rather than a flat test card.
    static func photo(width: Int, height: Int, seed: UInt32) -> PixelBuffer {
        var pixels = [UInt32](repeating: 0, count: width * height)
        var noise = seed | 1
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                let fy = Double(y) / Double(height)
                for x in 0..<width {
                    let fx = Double(x) / Double(width)
                    noise ^= noise << 13
                    noise ^= noise >> 17
                    noise ^= noise << 5
                    let grain = Int(noise & 0x1F) - 16
                    let wave = sin(fx * 23 + fy * 7) * 40 + cos(fy * 31 - fx * 5) * 30
                    let r = 120 + Int(fx * 90) + Int(wave) + grain
                    let g = 90 + Int(fy * 120) - Int(wave / 2) + grain
                    let b = 150 - Int(fx * 60 + fy * 40) + Int(wave / 3) + grain
                    p[y * width + x] = PixelBuffer.argb(clamp(r), clamp(g), clamp(b))
                }
            }
        }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }

    private static func clamp(_ v: Int) -> UInt8 { UInt8(max(0, min(255, v))) }

    /// Writes the generated baseline JPEG into `folder`; returns its path and size in bytes.
    static func writeJPEG(width: Int, height: Int, into folder: URL) throws -> (path: String, bytes: Int) {
        guard let jpeg = JPEGEncoder.encode(photo(width: width, height: height, seed: 7), quality: 90) else {
            throw BenchError("cannot make the \(width)x\(height) test JPEG with libjpeg-turbo")
        }
        let url = folder.appendingPathComponent("generated-\(width)x\(height).jpg")
        try Data(jpeg).write(to: url)
        return (url.path, jpeg.count)
    }
}

/// A benchmark that could not run, one line for the user.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
