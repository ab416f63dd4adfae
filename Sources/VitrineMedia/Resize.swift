/// Downscaling and flattening on `PixelBuffer`s.
public enum Resize {
    /// Area-averaging downscale (a box filter over each destination pixel's
    /// footprint, with fractional edge weights): no aliasing on fine detail.
    /// Upscaling requests return the source unchanged in size.
    public static func area(_ src: PixelBuffer, width: Int, height: Int) -> PixelBuffer {
        guard width > 0, height > 0, width < src.width || height < src.height else { return src }
        let w = min(width, src.width)
        let h = min(height, src.height)
        let xs = spans(from: src.width, to: w)
        let ys = spans(from: src.height, to: h)
        var out = [UInt32](repeating: 0, count: w * h)
        var acc = [Double](repeating: 0, count: w * 4)
        src.pixels.withUnsafeBufferPointer { sp in
            for dy in 0..<h {
                for i in acc.indices { acc[i] = 0 }
                for (sy, wy) in ys[dy] {
                    let row = sy * src.width
                    for dx in 0..<w {
                        var a = 0.0
                        var r = 0.0
                        var g = 0.0
                        var b = 0.0
                        for (sx, wx) in xs[dx] {
                            let p = sp[row + sx]
                            a += Double(p >> 24) * wx
                            r += Double((p >> 16) & 0xFF) * wx
                            g += Double((p >> 8) & 0xFF) * wx
                            b += Double(p & 0xFF) * wx
                        }
                        acc[dx * 4] += a * wy
                        acc[dx * 4 + 1] += r * wy
                        acc[dx * 4 + 2] += g * wy
                        acc[dx * 4 + 3] += b * wy
                    }
                }
                for dx in 0..<w {
                    out[dy * w + dx] =
                        UInt32(channel(acc[dx * 4])) << 24 | UInt32(channel(acc[dx * 4 + 1])) << 16
                        | UInt32(channel(acc[dx * 4 + 2])) << 8 | UInt32(channel(acc[dx * 4 + 3]))
                }
            }
        }
        return PixelBuffer(width: w, height: h, pixels: out)
    }

    /// Composites every pixel over an opaque colour, so the result has alpha 255 everywhere.
    public static func flatten(_ src: inout PixelBuffer, onto color: (r: UInt8, g: UInt8, b: UInt8)) {
        let br = UInt32(color.r)
        let bg = UInt32(color.g)
        let bb = UInt32(color.b)
        for i in src.pixels.indices {
            let p = src.pixels[i]
            let a = p >> 24
            if a == 255 { continue }
            let na = 255 - a
            let r = (((p >> 16) & 0xFF) * a + br * na + 127) / 255
            let g = (((p >> 8) & 0xFF) * a + bg * na + 127) / 255
            let b = ((p & 0xFF) * a + bb * na + 127) / 255
            src.pixels[i] = 0xFF00_0000 | r << 16 | g << 8 | b
        }
    }

    /// For each destination index, the source indices it covers and their weights (summing to 1).
    static func spans(from n: Int, to m: Int) -> [[(Int, Double)]] {
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

    private static func channel(_ v: Double) -> UInt8 {
        UInt8(max(0, min(255, v.rounded())))
    }
}
