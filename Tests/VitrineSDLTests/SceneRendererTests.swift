import Testing
import VitrineCore
import VitrineMedia

@testable import VitrineSDL

/// Scenes drawn by SDL's software renderer, checked against the blend the timeline promises.
@Suite struct SceneRendererTests {
    let size = Size(width: 200, height: 100)

    func show(_ options: (inout ShowStyle) -> Void = { _ in }) -> Show {
        var o = ShowStyle()
        o.background = RGBColor(r: 0, g: 0, b: 0)
        options(&o)
        return Show(slides: [Slide(path: "a"), Slide(path: "b")], options: o)
    }

    /// Draws the frame of `show` at `time` with slide a a wide red image and b a tall blue one.
    func draw(_ base: Show, at time: Double) throws -> PixelBuffer {
        var s = base
        s.update(to: ShowTime(seconds: time)) { _ in true }
        let canvas = try OffscreenCanvas(width: Int(size.width), height: Int(size.height))
        let sizes = ["a": Size(width: 200, height: 100), "b": Size(width: 50, height: 100)]
        canvas.scene.setImage(
            PixelBuffer(width: 200, height: 100, color: 0xFFFF_0000), sourceSize: sizes["a"] ?? size, for: "a")
        canvas.scene.setImage(
            PixelBuffer(width: 50, height: 100, color: 0xFF00_00FF), sourceSize: sizes["b"] ?? size, for: "b")
        let scene = SceneBuilder(output: size).build(s, at: ShowTime(seconds: time)) { sizes[s.slides[$0].path] }
        canvas.draw(scene) { s.slides[$0].path }
        return canvas.pixels()
    }

    func rgb(_ p: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
        let v = p[x, y]
        return [Int((v >> 16) & 0xFF), Int((v >> 8) & 0xFF), Int(v & 0xFF)]
    }

    func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 2 } }

    @Test func crossFadeIsExactWhereTheImagesDiffer() throws {
        // At the midpoint: where only the outgoing image was, half of it over black;
        // where both are, the half blend; the tall incoming image sits in the middle.
        let frame = try draw(show(), at: 8.4)
        #expect(near(rgb(frame, 10, 50), [128, 0, 0]), "outgoing only: \(rgb(frame, 10, 50))")
        #expect(near(rgb(frame, 100, 50), [128, 0, 128]), "both: \(rgb(frame, 100, 50))")
        let end = try draw(show(), at: 8.8)
        #expect(near(rgb(end, 10, 50), [0, 0, 0]), "the wide image is gone after the fade")
        #expect(near(rgb(end, 100, 50), [0, 0, 255]))
    }

    @Test func backgroundFillsTheBars() throws {
        let frame = try draw(show { $0.background = RGBColor(r: 10, g: 20, b: 30) }, at: 9)
        #expect(rgb(frame, 5, 50) == [10, 20, 30])
        #expect(near(rgb(frame, 100, 50), [0, 0, 255]))
    }
}
