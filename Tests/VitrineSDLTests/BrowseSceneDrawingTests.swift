import Testing
import VitrineCore
import VitrineMedia

@testable import VitrineSDL

@Suite("Drawing browse frames")
struct BrowseSceneDrawingTests {
    /// Pulling the image down draws the background over what lies below at the
    /// veil's opacity, and the shrunken image on top.
    @Test func aDismissInProgressFadesTheBackgroundOverTheGrid() throws {
        let canvas = try OffscreenCanvas(width: 100, height: 50)
        let white = PixelBuffer(width: 4, height: 2, color: PixelBuffer.argb(255, 255, 255))
        canvas.scene.setImage(white, sourceSize: Size(width: 4, height: 2), for: "white")
        var scene = Scene(size: Size(width: 100, height: 50), background: .black)
        scene.ops = [
            .fill(rect: Rect(x: 0, y: 0, width: 50, height: 50), color: RGBColor(r: 200, g: 200, b: 200), alpha: 1),
            .fill(rect: Rect(x: 0, y: 0, width: 100, height: 50), color: .black, alpha: 0.25),
            .image(slide: 0, rect: Rect(x: 60, y: 10, width: 20, height: 10), alpha: 1),
        ]
        canvas.draw(scene) { _ in "white" }
        let pixels = canvas.pixels()
        let grey = Int((pixels[10, 40] >> 16) & 0xFF)
        #expect(abs(grey - 150) <= 2)  // 200 × (1 − 0.25)
        #expect(pixels[70, 15] & 0xFF_FFFF == 0xFF_FFFF)
        #expect(pixels[90, 40] & 0xFF_FFFF == 0)
    }
}
