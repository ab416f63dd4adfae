import Testing
import VitrineCore
import VitrineMedia

@Suite struct SceneCompositorTests {
    static let red = PixelBuffer.argb(255, 0, 0)
    static let blue = PixelBuffer.argb(0, 0, 255)

    @Test func crossFadeIsExactOverBlending() {
        let a = PixelBuffer(width: 8, height: 4, color: Self.red)
        let b = PixelBuffer(width: 8, height: 4, color: Self.blue)
        let full = Rect(x: 0, y: 0, width: 8, height: 4)
        for alpha in [0.0, 0.1, 0.25, 0.5, 0.9, 1.0] {
            let scene = Scene(
                size: Size(width: 8, height: 4), background: .black,
                ops: [.image(slide: 0, rect: full, alpha: 1), .image(slide: 1, rect: full, alpha: alpha)])
            let out = SceneCompositor(width: 8, height: 4).render(scene) { $0 == 0 ? a : b }
            let expectedBlue = Int((alpha * 255).rounded())
            let pixel = out[3, 2]
            #expect(abs(Int(pixel & 0xFF) - expectedBlue) <= 1)
            #expect(abs(Int((pixel >> 16) & 0xFF) - (255 - expectedBlue)) <= 1)
            #expect(pixel >> 24 == 255)
        }
    }

    @Test func backgroundShowsAroundALetterboxedImage() {
        let image = PixelBuffer(width: 4, height: 4, color: Self.red)
        let scene = Scene(
            size: Size(width: 10, height: 4), background: RGBColor(r: 1, g: 2, b: 3),
            ops: [.image(slide: 0, rect: Rect(x: 3, y: 0, width: 4, height: 4), alpha: 1)])
        let out = SceneCompositor(width: 10, height: 4).render(scene) { _ in image }
        #expect(out[0, 0] == PixelBuffer.argb(1, 2, 3))
        #expect(out[2, 3] == PixelBuffer.argb(1, 2, 3))
        #expect(out[3, 0] == Self.red && out[6, 3] == Self.red)
        #expect(out[7, 1] == PixelBuffer.argb(1, 2, 3))
    }

    @Test func rectanglesPartlyOffScreenAreClipped() {
        let image = PixelBuffer(width: 6, height: 6, color: Self.blue)
        let scene = Scene(
            size: Size(width: 4, height: 4), background: .black,
            ops: [
                .image(slide: 0, rect: Rect(x: -3, y: -3, width: 6, height: 6), alpha: 1),
                .fill(
                    rect: Rect(x: 2, y: 2, width: 100, height: 100), color: RGBColor(r: 255, g: 255, b: 255), alpha: 1),
            ])
        let out = SceneCompositor(width: 4, height: 4).render(scene) { _ in image }
        #expect(out[0, 0] == Self.blue && out[2, 2] == PixelBuffer.argb(255, 255, 255))
        #expect(
            out[2, 0] == Self.blue && out[3, 0] == PixelBuffer.argb(0, 0, 0) && out[0, 3] == PixelBuffer.argb(0, 0, 0))
    }

    @Test func scaledImageKeepsAFlatColourFlat() {
        let image = PixelBuffer(width: 5, height: 3, color: PixelBuffer.argb(10, 200, 30))
        let scene = Scene(
            size: Size(width: 20, height: 20), background: .black,
            ops: [.image(slide: 0, rect: Rect(x: 1.5, y: 2.5, width: 17, height: 11), alpha: 1)])
        let out = SceneCompositor(width: 20, height: 20).render(scene) { _ in image }
        #expect(out[1, 2] == PixelBuffer.argb(10, 200, 30))
        #expect(out[17, 12] == PixelBuffer.argb(10, 200, 30))
        #expect(out[18, 12] == PixelBuffer.argb(0, 0, 0))
    }

    @Test func missingImagesAreSkipped() {
        let scene = Scene(
            size: Size(width: 2, height: 2), background: RGBColor(r: 9, g: 9, b: 9),
            ops: [.image(slide: 5, rect: Rect(x: 0, y: 0, width: 2, height: 2), alpha: 1)])
        let out = SceneCompositor(width: 2, height: 2).render(scene) { _ in nil }
        #expect(out.pixels.allSatisfy { $0 == PixelBuffer.argb(9, 9, 9) })
    }
}

/// The compositor against a plain per-op reference on random scenes of
/// unscaled images and fills: whatever ops it draws in one pass, the result
/// is the ops applied one after another.
@Suite struct SceneCompositorReferenceTests {
    static func reference(_ scene: Scene, width: Int, height: Int, images: [PixelBuffer]) -> [[Double]] {
        let bg = scene.background
        var out = [[Double]](repeating: [Double(bg.r), Double(bg.g), Double(bg.b)], count: width * height)
        for op in scene.ops {
            switch op {
            case .image(let slide, let rect, let alpha):
                let image = images[slide]
                for y in stride(from: max(0, Int(rect.y)), to: min(height, Int(rect.y) + image.height), by: 1) {
                    for x in stride(from: max(0, Int(rect.x)), to: min(width, Int(rect.x) + image.width), by: 1) {
                        let p = image[x - Int(rect.x), y - Int(rect.y)]
                        let c = [Double((p >> 16) & 0xFF), Double((p >> 8) & 0xFF), Double(p & 0xFF)]
                        for k in 0..<3 { out[y * width + x][k] = c[k] * alpha + out[y * width + x][k] * (1 - alpha) }
                    }
                }
            case .fill(let rect, let color, let alpha):
                let c = [Double(color.r), Double(color.g), Double(color.b)]
                for y in stride(from: max(0, Int(rect.y)), to: min(height, Int(rect.y + rect.height)), by: 1) {
                    for x in stride(from: max(0, Int(rect.x)), to: min(width, Int(rect.x + rect.width)), by: 1) {
                        for k in 0..<3 { out[y * width + x][k] = c[k] * alpha + out[y * width + x][k] * (1 - alpha) }
                    }
                }
            case .text, .disc, .arc, .backdrop:
                continue
            }
        }
        return out
    }

    /// A fade between two letterboxed photos with their bars (as a blurred fill draws them):
    /// the outgoing bars and photo side by side, opaque, then the incoming ones blended over
    /// them, drawn in one pass per row, as the ops applied one after another. Then the same
    /// with the incoming photo narrower, so its bars lie over two of the outgoing steps.
    @Test(arguments: [0, 3])
    func fadeOfPhotosBesideTheirBarsMatchesOpsAppliedInTurn(_ inset: Int) {
        let width = 48
        let height = 20
        let noise = { (w: Int, seed: UInt64) in AreaReducerTests.noise(width: w, height: height, seed: seed) }
        // Slides 0–2: the outgoing left bar, photo, right bar; 3–5: the incoming ones.
        let images = [
            noise(8, 1), noise(32, 2), noise(8, 3), noise(8 + inset, 4), noise(32 - 2 * inset, 5),
            noise(8 + inset, 6),
        ]
        func unit(_ first: Int, alpha: Double, inset: Int) -> [DrawOp] {
            let left = 8 + inset
            let photo = 32 - 2 * inset
            return [
                .image(slide: first, rect: Rect(x: 0, y: 0, width: Double(left), height: 20), alpha: alpha),
                .image(
                    slide: first + 2, rect: Rect(x: Double(left + photo), y: 0, width: Double(left), height: 20),
                    alpha: alpha),
                .image(
                    slide: first + 1, rect: Rect(x: Double(left), y: 0, width: Double(photo), height: 20),
                    alpha: alpha),
            ]
        }
        let scene = Scene(
            size: Size(width: Double(width), height: Double(height)), background: RGBColor(r: 7, g: 70, b: 140),
            ops: unit(0, alpha: 1, inset: 0) + unit(3, alpha: 0.4, inset: inset))
        let out = SceneCompositor(width: width, height: height, cores: 1).render(scene) { images[$0] }
        let expected = Self.reference(scene, width: width, height: height, images: images)
        var worst = 0.0
        for i in 0..<(width * height) {
            let p = out.pixels[i]
            let got = [Double((p >> 16) & 0xFF), Double((p >> 8) & 0xFF), Double(p & 0xFF)]
            for k in 0..<3 { worst = max(worst, abs(got[k] - expected[i][k])) }
        }
        #expect(worst <= 1.5, "off by \(worst)")
    }

    @Test(arguments: 0..<40)
    func randomSceneMatchesOpsAppliedInTurn(_ seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) + 1)
        let width = 48
        let height = 32
        let images = (0..<3).map { _ in
            AreaReducerTests.noise(
                width: Int.random(in: 4...56, using: &generator), height: Int.random(in: 4...40, using: &generator),
                seed: UInt64.random(in: 0...1000, using: &generator))
        }
        var ops: [DrawOp] = []
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
            let x = Double(Int.random(in: -20...40, using: &generator))
            let y = Double(Int.random(in: -20...30, using: &generator))
            let alpha =
                [1.0, 1.0, 0.5, 0.25, 0.8, Double.random(in: 0...1, using: &generator)].randomElement(
                    using: &generator) ?? 1
            if Bool.random(using: &generator) {
                let slide = Int.random(in: 0..<3, using: &generator)
                let size = images[slide].size
                ops.append(
                    .image(slide: slide, rect: Rect(x: x, y: y, width: size.width, height: size.height), alpha: alpha))
            } else {
                let rect = Rect(
                    x: x, y: y, width: Double(Int.random(in: 1...40, using: &generator)),
                    height: Double(Int.random(in: 1...30, using: &generator)))
                let color = RGBColor(
                    r: UInt8.random(in: 0...255, using: &generator), g: UInt8.random(in: 0...255, using: &generator),
                    b: UInt8.random(in: 0...255, using: &generator))
                ops.append(.fill(rect: rect, color: color, alpha: alpha))
            }
        }
        let scene = Scene(size: Size(width: 48, height: 32), background: RGBColor(r: 7, g: 70, b: 140), ops: ops)
        let out = SceneCompositor(width: width, height: height).render(scene) { images[$0] }
        let expected = Self.reference(scene, width: width, height: height, images: images)
        var worst = 0.0
        for i in 0..<(width * height) {
            let p = out.pixels[i]
            let got = [Double((p >> 16) & 0xFF), Double((p >> 8) & 0xFF), Double(p & 0xFF)]
            for k in 0..<3 { worst = max(worst, abs(got[k] - expected[i][k])) }
        }
        // Each blend rounds once and alpha is kept in 1/256 steps: a little error per op.
        #expect(worst <= Double(ops.count) * 1.5 + 0.5, "seed \(seed): off by \(worst)")
    }
}
