import VitrineCore
import VitrineMedia

/// The compositor's arithmetic written out pixel by pixel, with no row caches,
/// fused passes, bands or vector kernels: what the row kernels must draw, to
/// ±1. Bilinear stretch as SDL's linear stretch (16.16 pixel-centre mapping,
/// 7-bit weights, horizontal then vertical, each truncated), "over" blending
/// at coverage a/256 with rounding, rectangles truncated as SDL's renderer does.
enum CompositorReference {
    static func render(_ scene: Scene, width: Int, height: Int, image: (Int) -> PixelBuffer?) -> PixelBuffer {
        let bg = scene.background
        var out = PixelBuffer(width: width, height: height, color: PixelBuffer.argb(bg.r, bg.g, bg.b))
        for op in scene.ops {
            switch op {
            case .image(let slide, let rect, let alpha):
                guard let pixels = image(slide), pixels.width > 0, pixels.height > 0 else { continue }
                draw(pixels, in: truncated(rect), alpha: coverage(alpha), into: &out)
            case .fill(let rect, let color, let alpha):
                let r = truncated(rect)
                let value = PixelBuffer.argb(color.r, color.g, color.b)
                let box = (r.x, r.y, max(r.width, 1), max(r.height, 1))
                let a = coverage(alpha)
                guard a > 0 else { continue }
                for y in max(0, box.1)..<max(max(0, box.1), min(height, box.1 + box.3)) {
                    for x in max(0, box.0)..<max(max(0, box.0), min(width, box.0 + box.2)) {
                        out[x, y] = blend(value, over: out[x, y], alpha: a)
                    }
                }
            default:
                continue
            }
        }
        return out
    }

    private static func draw(
        _ pixels: PixelBuffer, in rect: (x: Int, y: Int, width: Int, height: Int), alpha: Int,
        into out: inout PixelBuffer
    ) {
        guard alpha > 0, rect.width > 0, rect.height > 0 else { return }
        let exact = rect.width == pixels.width && rect.height == pixels.height
        let x = scaler(source: pixels.width, destination: rect.width)
        let y = scaler(source: pixels.height, destination: rect.height)
        for oy in max(0, rect.y)..<max(max(0, rect.y), min(out.height, rect.y + rect.height)) {
            for ox in max(0, rect.x)..<max(max(0, rect.x), min(out.width, rect.x + rect.width)) {
                let top: UInt32
                if exact {
                    top = pixels[ox - rect.x, oy - rect.y]
                } else {
                    let (column, fx) = sample(x.start + (ox - rect.x) * x.step, count: pixels.width)
                    let (row, fy) = sample(y.start + (oy - rect.y) * y.step, count: pixels.height)
                    // At the right edge the pair starts one pixel earlier and takes all of its right pixel.
                    let left = pixels.width >= 2 ? min(column, pixels.width - 2) : 0
                    let weight = pixels.width >= 2 && left != column ? 128 : fx
                    let right = min(left + 1, pixels.width - 1)
                    let lower = min(row + 1, pixels.height - 1)
                    top = channels { shift in
                        let upperValue = lerp(pixels[left, row], pixels[right, row], weight, shift)
                        let lowerValue = lerp(pixels[left, lower], pixels[right, lower], weight, shift)
                        return (upperValue * (128 - fy) + lowerValue * fy) >> 7
                    }
                }
                out[ox, oy] = blend(top, over: out[ox, oy], alpha: alpha)
            }
        }
    }

    private static func lerp(_ a: UInt32, _ b: UInt32, _ f: Int, _ shift: UInt32) -> Int {
        (Int((a >> shift) & 0xFF) * (128 - f) + Int((b >> shift) & 0xFF) * f) >> 7
    }

    private static func channels(_ value: (UInt32) -> Int) -> UInt32 {
        [24, 16, 8, 0].reduce(UInt32(0)) { $0 | UInt32(value(UInt32($1))) << UInt32($1) }
    }

    static func blend(_ top: UInt32, over under: UInt32, alpha: Int) -> UInt32 {
        guard alpha < 256 else { return top }
        return channels { shift in
            (Int((top >> shift) & 0xFF) * alpha + Int((under >> shift) & 0xFF) * (256 - alpha) + 128) >> 8
        }
    }

    static func scaler(source n: Int, destination m: Int) -> (start: Int, step: Int) {
        ((1 << 15) * n / m - (1 << 15), (n << 16) / m)
    }

    static func sample(_ position: Int, count: Int) -> (Int, Int) {
        if position < 0 { return (0, 0) }
        let index = position >> 16
        if index > count - 2 { return (count - 1, 0) }
        return (index, (position >> 9) & 0x7F)
    }

    static func truncated(_ rect: Rect) -> (x: Int, y: Int, width: Int, height: Int) {
        let clamp = { (v: Double) -> Int in Int(Float(max(-1e9, min(1e9, v)))) }
        return (clamp(rect.x), clamp(rect.y), clamp(rect.width), clamp(rect.height))
    }

    static func coverage(_ alpha: Double) -> Int { Int(max(0, min(256, (alpha * 256).rounded()))) }

    /// The largest difference of any channel between two frames of the same size.
    static func worstDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        var worst = 0
        for i in a.pixels.indices {
            for shift in [24, 16, 8, 0] as [UInt32] {
                worst = max(worst, abs(Int((a.pixels[i] >> shift) & 0xFF) - Int((b.pixels[i] >> shift) & 0xFF)))
            }
        }
        return worst
    }
}

extension CompositorReference {
    /// An opaque picture of random pixels (neighbours unrelated, so any wrong weight or source pixel shows).
    static func noise(width: Int, height: Int, seed: UInt32) -> PixelBuffer {
        var state = seed | 1
        var image = PixelBuffer(width: width, height: height, color: 0)
        for i in image.pixels.indices {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            image.pixels[i] = 0xFF00_0000 | (state & 0xFF_FFFF)
        }
        return image
    }
}
