import Testing
import VitrineCore
import VitrineMedia

@Suite struct AreaReducerTests {
    /// A straightforward floating-point area average to compare with.
    static func reference(_ src: PixelBuffer, width w: Int, height h: Int) -> PixelBuffer {
        func spans(_ n: Int, _ m: Int) -> [[(Int, Double)]] {
            let scale = Double(n) / Double(m)
            return (0..<m).map { d in
                let start = Double(d) * scale
                let end = start + scale
                var parts: [(Int, Double)] = []
                var s = Int(start)
                while Double(s) < end, s < n {
                    let covered = min(end, Double(s + 1)) - max(start, Double(s))
                    if covered > 1e-9 { parts.append((s, covered / scale)) }
                    s += 1
                }
                return parts
            }
        }
        let xs = spans(src.width, w)
        let ys = spans(src.height, h)
        var out = PixelBuffer(width: w, height: h, color: 0)
        for dy in 0..<h {
            for dx in 0..<w {
                var acc = [0.0, 0.0, 0.0, 0.0]
                for (sy, wy) in ys[dy] {
                    for (sx, wx) in xs[dx] {
                        let c = PixelCompare.channels(src[sx, sy])
                        for k in 0..<4 { acc[k] += Double(c[k]) * wx * wy }
                    }
                }
                let v = acc.map { UInt32(max(0, min(255, $0.rounded()))) }
                out[dx, dy] = v[0] << 24 | v[1] << 16 | v[2] << 8 | v[3]
            }
        }
        return out
    }

    static func noise(width: Int, height: Int, seed: UInt64) -> PixelBuffer {
        var generator = SeededGenerator(seed: seed)
        let pixels = (0..<(width * height)).map { _ in
            UInt32.random(in: 0...0xFF_FFFF, using: &generator) | 0xFF00_0000
        }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }

    @Test(arguments: [
        (37, 23, 10, 7), (100, 50, 33, 17), (64, 64, 16, 16), (17, 5, 17, 2), (5, 40, 2, 40), (9, 9, 8, 8),
    ])
    func matchesFloatingPointAreaAverage(_ sw: Int, _ sh: Int, _ w: Int, _ h: Int) {
        let src = Self.noise(width: sw, height: sh, seed: UInt64(sw * 1000 + sh))
        let fast = Resize.area(src, width: w, height: h)
        let slow = Self.reference(src, width: w, height: h)
        #expect(fast.width == w && fast.height == h)
        #expect(PixelCompare.maxDifference(fast, slow) <= 1)
    }

    @Test func flatColourStaysExact() {
        let colour = PixelBuffer.argb(12, 200, 77)
        let out = Resize.area(PixelBuffer(width: 301, height: 199, color: colour), width: 97, height: 61)
        #expect(out.pixels.allSatisfy { $0 == colour })
    }

    @Test func sameSizeIsACopy() {
        let src = Self.noise(width: 13, height: 11, seed: 3)
        #expect(Resize.area(src, width: 13, height: 11) == src)
        var reducer = AreaReducer(sourceWidth: 13, sourceHeight: 11, width: 13, height: 11)
        src.pixels.withUnsafeBufferPointer { p in
            for y in 0..<11 { reducer.add(rowAt: y, of: p, pitch: 13) }
        }
        #expect(reducer.finish() == src)
    }

    @Test func upscalingIsRefused() {
        let src = Self.noise(width: 4, height: 4, seed: 9)
        #expect(Resize.area(src, width: 8, height: 8) == src)
    }
}

@Suite struct AreaReducerBandTests {
    /// Bands reduced separately put together give exactly the whole reduction.
    @Test(arguments: [(3000, 2000, 1620, 1080), (101, 77, 40, 31), (64, 64, 64, 64), (50, 9, 20, 3)])
    func bandsMatchTheWhole(_ sw: Int, _ sh: Int, _ w: Int, _ h: Int) {
        let src = AreaReducerTests.noise(width: sw, height: sh, seed: UInt64(sw + sh))
        let whole = Resize.area(src, width: w, height: h)
        var pieces: [UInt32] = []
        let cuts = [0, h / 3, h / 2 + 1, h]
        src.pixels.withUnsafeBufferPointer { pixels in
            for (from, to) in zip(cuts, cuts.dropFirst()) where to > from {
                var reducer = AreaReducer(sourceWidth: sw, sourceHeight: sh, width: w, height: h, band: from..<to)
                for y in reducer.sourceRows { reducer.add(rowAt: y, of: pixels, pitch: sw) }
                #expect(reducer.isComplete)
                pieces += reducer.finish().pixels
            }
        }
        #expect(pieces == whole.pixels)
    }
}
