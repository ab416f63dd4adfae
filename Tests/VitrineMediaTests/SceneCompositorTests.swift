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
