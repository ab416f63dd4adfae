import Testing
import VitrineCore

@testable import VitrineDecode
@testable import VitrineMedia

/// Zoom limits and thumbnails work from the source's size, so a decode that
/// shrinks an image for the screen must keep reporting the size it came from.
@Suite("Decoded images keep their source size")
struct DecodedSizeTests {
    @Test func aDownscaledImageStillReportsItsSourceSize() {
        let full = PixelBuffer(width: 400, height: 200, color: PixelBuffer.argb(10, 20, 30))
        let request = DecodeRequest(
            path: "wide.png", output: Size(width: 100, height: 100), fit: .contain, background: .black)
        let image = DecodedImage.sized(full, for: request)
        #expect(image.sourceSize == Size(width: 400, height: 200))
        #expect(image.pixels.width == 100)
        #expect(image.pixels.height == 50)
        // The rectangle browse mode zooms from has the source's shape, not the decode's rounding.
        let fit = FitMode.contain.rect(for: image.sourceSize, in: Rect(size: Size(width: 1000, height: 1000)))
        #expect(fit.height == 500)
    }
}
