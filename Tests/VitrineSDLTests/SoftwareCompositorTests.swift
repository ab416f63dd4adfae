import Foundation
import Testing
import VitrineCore
import VitrineMedia
import VitrineSDL

/// The Swift compositor used with the software renderer draws the same frames
/// as SDL's own software renderer, within ±2 per channel.
@Suite struct SoftwareCompositorTests {
    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("assets/demo")
    static let output = Size(width: 640, height: 360)

    struct Case: CustomTestStringConvertible, Sendable {
        var transition: TransitionKind
        var motion: DwellMotion
        var fit: FitMode
        var background: RGBColor
        var time: Double
        var testDescription: String { "\(transition) \(motion) \(fit) at \(time)" }
    }

    static let cases: [Case] = [
        Case(transition: .fade, motion: .still, fit: .contain, background: .black, time: 2),
        Case(transition: .fade, motion: .still, fit: .contain, background: RGBColor(r: 40, g: 90, b: 200), time: 8.3),
        Case(transition: .fade, motion: .still, fit: .cover, background: .black, time: 8.5),
        Case(transition: .zoom, motion: .still, fit: .contain, background: .black, time: 8.2),
        Case(transition: .zoom, motion: .still, fit: .cover, background: .black, time: 8.6),
        Case(transition: .slide, motion: .still, fit: .contain, background: .black, time: 8.45),
        Case(transition: .fade, motion: .kenburns, fit: .contain, background: .black, time: 5.3),
        Case(transition: .fade, motion: .kenburns, fit: .cover, background: .black, time: 8.4),
    ]

    @Test(arguments: cases)
    func matchesSDLSoftwareRenderer(_ c: Case) throws {
        let paths = ["astronaut.png", "rocket.jpg", "coffee.png"].map { Self.demo.appendingPathComponent($0).path }
        var options = ShowStyle()
        options.transition = c.transition
        options.motion = c.motion
        options.fit = c.fit
        options.background = c.background
        let images = try paths.map { path in
            try MediaDecoder().decode(
                DecodeRequest(path: path, output: Self.output, fit: c.fit, background: c.background))
        }
        var engine = ShowEngine(slides: paths.map { Slide(path: $0) }, options: options, output: Self.output)
        _ = engine.run(to: ShowTime(seconds: c.time)) { _ in true }
        let scene = engine.scene(at: ShowTime(seconds: c.time)) {
            images.indices.contains($0) ? images[$0].sourceSize : nil
        }

        let canvas = try OffscreenCanvas(width: 640, height: 360)
        for (path, image) in zip(paths, images) {
            canvas.scene.setImage(image.pixels, sourceSize: image.sourceSize, for: path)
        }
        canvas.draw(scene) { paths.indices.contains($0) ? paths[$0] : nil }
        let sdl = canvas.pixels()
        let ours = SceneCompositor(width: 640, height: 360).render(scene) {
            images.indices.contains($0) ? images[$0].pixels : nil
        }
        var worst = 0
        for i in sdl.pixels.indices {
            let a = sdl.pixels[i]
            let b = ours.pixels[i]
            for shift in [16, 8, 0] as [UInt32] {
                worst = max(worst, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
            }
        }
        #expect(worst <= 2, "\(c.testDescription): channels differ by up to \(worst)")
        #expect(scene.ops.count >= 1)
    }
}
