import Foundation
import Testing
import VitrineCore

@testable import VitrineDecode
@testable import VitrineMedia

/// The area reducer's kernel (the horizontal and vertical passes fused, one pass a source
/// row) must give exactly the pixels of the arithmetic it replaced: each channel reduced
/// horizontally with 13-bit weights and rounded to 3 fractional bits, then vertically with
/// 10-bit weights and rounded to 8 bits.
@Suite("Area reducer kernel")
struct AreaReducerKernelTests {
    /// The previous kernel's arithmetic, one channel at a time over the whole image.
    static func previousKernel(_ src: PixelBuffer, width: Int, height: Int) -> PixelBuffer {
        let (sw, sh) = (src.width, src.height)
        let w = max(1, min(width, sw))
        let h = max(1, min(height, sh))
        let columns = (0..<w).map { AreaReducer.weights(destination: $0, source: sw, destinationCount: w) }
        var carried = [Int](repeating: 0, count: sh * w * 3)
        for y in 0..<sh {
            for dx in 0..<w {
                let (first, weights) = columns[dx]
                for c in 0..<3 {
                    var sum = 0
                    for (t, weight) in weights.enumerated() {
                        sum += Int((src.pixels[y * sw + first + t] >> (8 * c)) & 0xFF) * weight
                    }
                    carried[(y * w + dx) * 3 + c] = (sum + 512) >> 10
                }
            }
        }
        func fixed(_ units: Int, of total: Int) -> Int { (units << 10 + total / 2) / total }
        var out = [UInt32](repeating: 0, count: w * h)
        for d in 0..<h {
            for dx in 0..<w {
                var pixel: UInt32 = 0xFF00_0000
                for c in 0..<3 {
                    var acc = 0
                    for s in (d * sh / h)...(((d + 1) * sh - 1) / h) {
                        let lo = max(s * h, d * sh)
                        let hi = min((s + 1) * h, (d + 1) * sh)
                        let weight = fixed(hi - d * sh, of: sh) - fixed(lo - d * sh, of: sh)
                        acc += carried[(s * w + dx) * 3 + c] * weight
                    }
                    pixel |= UInt32(((acc + 4096) >> 13) & 0xFF) << (8 * c)
                }
                out[d * w + dx] = pixel
            }
        }
        return PixelBuffer(width: w, height: h, pixels: out)
    }

    /// The reducer fed row by row, in the bands given by `cuts` (destination rows), put together.
    static func streamed(_ src: PixelBuffer, width: Int, height: Int, cuts: [Int]) -> PixelBuffer {
        var pieces: [UInt32] = []
        var rows = 0
        src.pixels.withUnsafeBufferPointer { pixels in
            for (from, to) in zip(cuts, cuts.dropFirst()) where to > from {
                var reducer = AreaReducer(
                    sourceWidth: src.width, sourceHeight: src.height, width: width, height: height, band: from..<to)
                for y in reducer.sourceRows { reducer.add(rowAt: y, of: pixels, pitch: src.width) }
                let band = reducer.finish()
                pieces += band.pixels
                rows += band.height
            }
        }
        return PixelBuffer(width: min(width, src.width), height: rows, pixels: pieces)
    }

    /// The ratios the JPEG paths use (1.85 from a DCT-scaled 24 MP photo to 1080p and 4K),
    /// more than three taps a column, a width kept, a single row and column.
    @Test(arguments: [
        (600, 400, 324, 216), (101, 77, 40, 31), (37, 23, 10, 7), (17, 5, 17, 2), (5, 40, 2, 40), (64, 64, 64, 64),
        (300, 9, 1, 1),
    ])
    func noiseMatchesThePreviousKernel(_ sw: Int, _ sh: Int, _ w: Int, _ h: Int) {
        let src = AreaReducerTests.noise(width: sw, height: sh, seed: UInt64(sw * 7 + sh))
        let expected = Self.previousKernel(src, width: w, height: h)
        #expect(Resize.area(src, width: w, height: h) == expected)
        let cuts = [0, h / 3, h / 2 + 1, h]
        #expect(Self.streamed(src, width: w, height: h, cuts: cuts) == expected)
        let inBands = src.pixels.withUnsafeBufferPointer {
            AreaReducer.reduceInBands($0, width: sw, height: sh, to: w, h)
        }
        #expect(inBands == expected)
    }

    /// Photographs from the demo folder, decoded whole, reduced at 1.85 and at about 2.4.
    @Test(arguments: ["rocket.jpg", "chelsea.png", "hubble_deep_field.jpg"])
    func photosMatchThePreviousKernel(name: String) throws {
        let path = AreaReducerKernelTests.demo.appendingPathComponent(name).path
        let decoded = try MediaDecoder().decode(Fixtures.fullSize(path))
        let src = decoded.pixels
        for divisor in [1.85, 2.4] {
            let w = Int(Double(src.width) / divisor)
            let h = Int(Double(src.height) / divisor)
            let expected = Self.previousKernel(src, width: w, height: h)
            let got = Self.streamed(src, width: w, height: h, cuts: [0, h * 2 / 3, h])
            #expect(got == expected, "\(name) at 1/\(divisor)")
        }
    }

    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("assets/demo")
}
