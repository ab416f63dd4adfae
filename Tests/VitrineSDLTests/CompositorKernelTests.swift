import Testing
import VitrineCore
import VitrineMedia
import VitrineSDL

/// The compositor's row kernels against the pixel-by-pixel reference, on the
/// frames the show draws: moving zoom, Ken Burns, fade, slide, and a rotated
/// screen; and frames cut into bands across both threads, seamless.
@Suite struct CompositorKernelTests {
    static let output = Size(width: 320, height: 256)
    /// A wide photo (letterboxed) and a tall one (pillarboxed), and one exactly the screen's size.
    static let images = [
        CompositorReference.noise(width: 320, height: 200, seed: 3),
        CompositorReference.noise(width: 150, height: 256, seed: 5),
        CompositorReference.noise(width: 320, height: 256, seed: 9),
    ]

    struct Case: CustomTestStringConvertible, Sendable {
        var transition: TransitionKind
        var motion: DwellMotion
        var fit: FitMode
        var time: Double
        var testDescription: String { "\(transition) \(motion) \(fit) at \(time)" }
    }

    static let cases: [Case] = [
        Case(transition: .zoom, motion: .still, fit: .contain, time: 8.2),
        Case(transition: .zoom, motion: .still, fit: .cover, time: 8.55),
        Case(transition: .fade, motion: .kenburns, fit: .contain, time: 4.3),
        Case(transition: .fade, motion: .kenburns, fit: .cover, time: 8.4),
        Case(transition: .fade, motion: .still, fit: .contain, time: 8.3),
        Case(transition: .slide, motion: .still, fit: .contain, time: 8.45),
        Case(transition: .slide, motion: .kenburns, fit: .cover, time: 16.5),
    ]

    static func scene(_ c: Case, output: Size = output) -> Scene {
        var options = ShowStyle()
        options.transition = c.transition
        options.motion = c.motion
        options.fit = c.fit
        let slides = images.indices.map { Slide(path: "image-\($0)") }
        var engine = ShowEngine(slides: slides, options: options, output: output)
        _ = engine.run(to: ShowTime(seconds: c.time)) { _ in true }
        return engine.scene(at: ShowTime(seconds: c.time)) { images.indices.contains($0) ? images[$0].size : nil }
    }

    static func image(_ slide: Int) -> PixelBuffer? { images.indices.contains(slide) ? images[slide] : nil }

    @Test(arguments: cases)
    func kernelsDrawTheReferencePixels(_ c: Case) {
        let scene = Self.scene(c)
        let images = scene.ops.filter { if case .image = $0 { true } else { false } }
        #expect(!images.isEmpty, "\(c.testDescription): the scene draws no image")
        let width = Int(Self.output.width)
        let height = Int(Self.output.height)
        let reference = CompositorReference.render(scene, width: width, height: height, image: Self.image)
        for cores in [1, 2] {
            let ours = SceneCompositor(width: width, height: height, cores: cores).render(scene, image: Self.image)
            let worst = CompositorReference.worstDifference(reference, ours)
            #expect(worst <= 1, "\(c.testDescription), \(cores) cores: channels differ by up to \(worst)")
        }
    }

    /// A Ken Burns cross-fade (two stretched images, one blended) cut into the
    /// most bands the compositor makes: the rows either side of each cut are
    /// the reference's, and the banded frame is the one-pass frame exactly.
    @Test func bandsLeaveNoSeam() {
        let width = 320
        let height = 256
        let scene = Self.scene(Case(transition: .fade, motion: .kenburns, fit: .cover, time: 8.4))
        let one = SceneCompositor(width: width, height: height, cores: 1).render(scene, image: Self.image)
        let two = SceneCompositor(width: width, height: height, cores: 2).render(scene, image: Self.image)
        let reference = CompositorReference.render(scene, width: width, height: height, image: Self.image)
        #expect(one == two)
        // Four bands of 64 rows: the cuts lie between rows 63 and 64, 127 and 128, 191 and 192.
        for cut in [64, 128, 192] {
            for y in [cut - 1, cut] {
                let row = { (p: PixelBuffer) in
                    PixelBuffer(width: width, height: 1, pixels: Array(p.pixels[(y * width)..<((y + 1) * width)]))
                }
                let worst = CompositorReference.worstDifference(row(reference), row(two))
                #expect(worst <= 1, "row \(y) differs from the reference by up to \(worst)")
            }
        }
    }

    /// A turned screen: the frame composed for the portrait layout, then turned
    /// onto the landscape panel, is the reference frame turned.
    @Test(arguments: [ScreenRotation.clockwise90, .upsideDown])
    func rotatedFramesAreTheReferenceTurned(_ rotation: ScreenRotation) throws {
        let panel = Size(width: 256, height: 320)
        let logical = rotation.logicalSize(for: panel)
        let c = Case(transition: .fade, motion: .kenburns, fit: .contain, time: 8.4)
        let scene = Self.scene(c, output: logical)
        let canvas = try OffscreenCanvas(width: Int(panel.width), height: Int(panel.height), composed: true)
        for (i, image) in Self.images.enumerated() {
            canvas.drawer.setImage(image, sourceSize: image.size, for: "image-\(i)")
        }
        canvas.draw(scene, rotation: rotation) { Self.images.indices.contains($0) ? "image-\($0)" : nil }
        let ours = canvas.pixels()
        let reference = CompositorReference.render(
            scene, width: Int(logical.width), height: Int(logical.height), image: Self.image)
        var turned = PixelBuffer(width: ours.width, height: ours.height, color: 0)
        for y in 0..<ours.height {
            for x in 0..<ours.width {
                switch rotation {
                case .clockwise90: turned[x, y] = reference[y, reference.height - 1 - x]
                default: turned[x, y] = reference[reference.width - 1 - x, reference.height - 1 - y]
                }
            }
        }
        // The canvas's surface has no alpha channel: compare colours only.
        let opaque = { (p: PixelBuffer) in
            PixelBuffer(width: p.width, height: p.height, pixels: p.pixels.map { $0 | 0xFF00_0000 })
        }
        let worst = CompositorReference.worstDifference(opaque(turned), opaque(ours))
        #expect(worst <= 1, "\(rotation): channels differ by up to \(worst)")
    }
}
