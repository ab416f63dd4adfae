import Testing
import VitrineCore
import VitrineMedia

@testable import VitrineSDL

/// Text through SDL2_ttf: cached, clipped to its box.
@Suite struct TextRenderingTests {
    func scene(_ text: String, box: Rect, size: Double = 24) -> Scene {
        Scene(
            size: Size(width: 320, height: 120), background: .black,
            ops: [.text(TextBlock(text, size: size, maxLines: 2), box: box, alpha: 1)])
    }

    func lit(_ p: PixelBuffer, where inside: (Int, Int) -> Bool) -> Int {
        var n = 0
        for y in 0..<p.height {
            for x in 0..<p.width where inside(x, y) && p[x, y] & 0x00FF_FFFF != 0 { n += 1 }
        }
        return n
    }

    @Test func sameFrameTwiceRasterizesNothingNew() throws {
        let canvas = try OffscreenCanvas(width: 320, height: 120)
        let frame = scene("12:34 Harbour", box: Rect(x: 10, y: 10, width: 300, height: 60))
        canvas.draw(frame) { _ in nil }
        let first = canvas.scene.textLinesRasterized
        #expect(first >= 1)
        canvas.draw(frame) { _ in nil }
        #expect(canvas.scene.textLinesRasterized == first)
        canvas.draw(scene("12:35 Harbour", box: Rect(x: 10, y: 10, width: 300, height: 60))) { _ in nil }
        #expect(canvas.scene.textLinesRasterized > first, "new text is rasterized")
    }

    @Test func longTextStaysInsideItsBox() throws {
        let canvas = try OffscreenCanvas(width: 320, height: 120)
        let box = Rect(x: 40, y: 30, width: 200, height: 60)
        let long = String(repeating: "A very long museum caption that goes on ", count: 6)
        canvas.draw(scene(long, box: box)) { _ in nil }
        let pixels = canvas.pixels()
        let inside = lit(pixels) { x, y in x >= 40 && x < 240 && y >= 30 && y < 90 }
        let outside = lit(pixels) { x, y in !(x >= 40 && x < 240 && y >= 30 && y < 90) }
        #expect(inside > 200, "the text is drawn")
        #expect(outside == 0, "nothing leaks out of the box")
    }

    @Test func discsAndArcsDraw() throws {
        let canvas = try OffscreenCanvas(width: 100, height: 100)
        let white = RGBColor(r: 255, g: 255, b: 255)
        canvas.draw(
            Scene(
                size: Size(width: 100, height: 100), background: .black,
                ops: [
                    .disc(center: Point(x: 25, y: 25), radius: 10, color: white, alpha: 1),
                    .arc(
                        center: Point(x: 70, y: 70), radius: 20, thickness: 4, start: 0, sweep: .pi, color: white,
                        alpha: 1),
                ])
        ) { _ in nil }
        let p = canvas.pixels()
        #expect(p[25, 25] & 0xFF == 255, "disc centre")
        #expect(p[25, 40] & 0xFF == 0, "outside the disc")
        #expect(p[90, 70] & 0xFF > 200, "the arc's right side (3 o'clock)")
        #expect(p[50, 70] & 0xFF == 0, "the left half is not swept")
        #expect(p[70, 70] & 0xFF == 0, "the ring is hollow")
    }
}
