import Testing
import VitrineCore
import VitrineMedia

/// Nearest-pixel sampling (for images moving fast) against a plain reference,
/// and drawing in bands against drawing in one pass.
@Suite struct SceneCompositorSamplingTests {
    /// The source columns (or rows) output pixel `i` of a stretch from `n` to
    /// `m` pixels may take: the one under its centre, (i + ½)·n/m, and, when
    /// that centre lies within 1/64 pixel of a source pixel's edge, the
    /// neighbour across it (the compositor steps in 16.16 fixed point, so at an
    /// exact edge it may round either way).
    static func candidates(_ i: Int, source n: Int, destination m: Int) -> Set<Int> {
        let centre = (Double(i) + 0.5) * Double(n) / Double(m)
        return Set([centre - 1.0 / 64, centre, centre + 1.0 / 64].map { min(n - 1, max(0, Int($0.rounded(.down)))) })
    }

    static func channels(_ p: UInt32) -> [Double] {
        [Double((p >> 16) & 0xFF), Double((p >> 8) & 0xFF), Double(p & 0xFF)]
    }

    @Test(arguments: 0..<30)
    func nearestSamplingMatchesReference(_ seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) + 100)
        let width = 64
        let height = 48
        let image = AreaReducerTests.noise(
            width: Int.random(in: 1...80, using: &generator), height: Int.random(in: 1...60, using: &generator),
            seed: UInt64(seed))
        // Enlarged and shrunk, partly off the frame, over a background fill.
        let rect = Rect(
            x: Double(Int.random(in: -30...40, using: &generator)),
            y: Double(Int.random(in: -20...30, using: &generator)),
            width: Double(Int.random(in: 1...120, using: &generator)),
            height: Double(Int.random(in: 1...90, using: &generator)))
        let alpha = [1.0, 0.5, 0.3][seed % 3]
        let background = RGBColor(r: 200, g: 30, b: 90)
        let scene = Scene(
            size: Size(width: Double(width), height: Double(height)), background: background,
            ops: [.image(slide: 0, rect: rect, alpha: alpha)])
        let out = SceneCompositor(width: width, height: height).render(scene, nearest: [0]) { _ in image }
        let under = Self.channels(PixelBuffer.argb(background.r, background.g, background.b))
        var mismatches: [String] = []
        for y in 0..<height {
            for x in 0..<width {
                let got = Self.channels(out[x, y])
                let inside =
                    x >= Int(rect.x) && x < Int(rect.x) + Int(rect.width) && y >= Int(rect.y)
                    && y < Int(rect.y) + Int(rect.height)
                guard inside else {
                    if got != under { mismatches.append("(\(x), \(y)) outside the image changed") }
                    continue
                }
                let columns = Self.candidates(x - Int(rect.x), source: image.width, destination: Int(rect.width))
                let rows = Self.candidates(y - Int(rect.y), source: image.height, destination: Int(rect.height))
                // Any allowed source pixel, blended once (rounding: ±1).
                let matches = columns.contains { sx in
                    rows.contains { sy in
                        let top = Self.channels(image[sx, sy])
                        return (0..<3).allSatisfy { k in
                            abs(got[k] - (top[k] * alpha + under[k] * (1 - alpha))) <= 1
                        }
                    }
                }
                if !matches { mismatches.append("(\(x), \(y))") }
            }
        }
        let wrong = mismatches.count
        #expect(wrong == 0, "seed \(seed), \(image.width)x\(image.height) into \(rect): \(mismatches.prefix(5))")
    }

    @Test(arguments: 0..<12)
    func bandsDrawTheSamePixelsAsOnePass(_ seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) + 7)
        let width = 150
        let height = 200
        let images = (0..<2).map { i in
            AreaReducerTests.noise(
                width: Int.random(in: 20...200, using: &generator), height: Int.random(in: 20...260, using: &generator),
                seed: UInt64(seed * 10 + i))
        }
        let full = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let grown = Rect(
            x: Double(Int.random(in: -40...60, using: &generator)),
            y: Double(Int.random(in: -40...90, using: &generator)),
            width: Double(Int.random(in: 30...220, using: &generator)),
            height: Double(Int.random(in: 30...260, using: &generator)))
        let scene = Scene(
            size: Size(width: Double(width), height: Double(height)), background: .black,
            ops: [
                .image(slide: 0, rect: full, alpha: 1),
                .fill(rect: Rect(x: 0, y: 0, width: 150, height: 30), color: .black, alpha: 0.4),
                .image(slide: 1, rect: grown, alpha: [1.0, 0.6][seed % 2]),
            ])
        for nearest in [Set<Int>(), [2]] {
            let one = SceneCompositor(width: width, height: height, cores: 1).render(scene, nearest: nearest) {
                images[$0]
            }
            let two = SceneCompositor(width: width, height: height, cores: 2).render(scene, nearest: nearest) {
                images[$0]
            }
            #expect(one == two, "seed \(seed), nearest \(nearest)")
        }
    }
}

@Suite struct MotionSamplingTests {
    static func frame(_ rect: Rect) -> [DrawOp] {
        [
            .fill(rect: Rect(x: 0, y: 0, width: 10, height: 10), color: .black, alpha: 0.5),
            .image(slide: 3, rect: rect, alpha: 0.5),
        ]
    }

    static func key(_ slide: Int) -> String? { slide == 3 ? "photo" : nil }

    @Test func fastMovingImagesAreSampledNearest() {
        var motion = MotionSampling()
        let start = Rect(x: 100, y: 50, width: 800, height: 450)
        // A frame on its own counts as at rest.
        #expect(motion.nearestOps(Self.frame(start), key: Self.key).isEmpty)
        #expect(motion.nearestOps(Self.frame(start), key: Self.key).isEmpty)
        // A zoom step: edges move by several pixels.
        let zoomed = Rect(x: 94, y: 46, width: 812, height: 457)
        #expect(motion.nearestOps(Self.frame(zoomed), key: Self.key) == [1])
        // Slow drift (Ken Burns): a third of a pixel a frame.
        let drifted = Rect(x: 94.3, y: 46.2, width: 812.3, height: 457.1)
        #expect(motion.nearestOps(Self.frame(drifted), key: Self.key).isEmpty)
        // Stopped: the same rectangle again.
        #expect(motion.nearestOps(Self.frame(drifted), key: Self.key).isEmpty)
    }

    @Test func resetAndUnknownImagesCountAsAtRest() {
        var motion = MotionSampling()
        _ = motion.nearestOps(Self.frame(Rect(x: 0, y: 0, width: 100, height: 100)), key: Self.key)
        motion.reset()
        #expect(motion.nearestOps(Self.frame(Rect(x: 50, y: 0, width: 100, height: 100)), key: Self.key).isEmpty)
        // An image without a key is never tracked.
        _ = motion.nearestOps(Self.frame(Rect(x: 0, y: 0, width: 100, height: 100)), key: { _ in nil })
        #expect(motion.nearestOps(Self.frame(Rect(x: 50, y: 0, width: 100, height: 100)), key: { _ in nil }).isEmpty)
    }
}
