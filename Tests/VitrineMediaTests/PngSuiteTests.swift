import Foundation
import Testing
import VitrineCore
import VitrineMedia

/// Willem van Schaik's PngSuite: every valid file decodes like its reference
/// rendering, every deliberately broken one is refused.
@Suite struct PngSuiteTests {
    static let valid = Fixtures.files(in: Fixtures.pngSuite.appendingPathComponent("png"), suffix: ".png")
        .filter { !$0.hasPrefix("x") }
    static let broken = Fixtures.files(in: Fixtures.pngSuite.appendingPathComponent("png"), suffix: ".png")
        .filter { $0.hasPrefix("x") }

    @Test func suiteIsComplete() {
        #expect(Self.valid.count == 161)
        #expect(Self.broken.count == 14)
    }

    /// The references keep the alpha channel: both sides are flattened onto
    /// the same colours, two of them, so wrong transparency shows on one.
    @Test(arguments: valid)
    func matchesReference(_ name: String) throws {
        let png = Fixtures.pngSuite.appendingPathComponent("png/\(name)").path
        let bmp = Fixtures.pngSuite.appendingPathComponent("bmp/\(name.dropLast(4)).bmp").path
        let reference = try SDLImageDecoder().load(bmp)
        for background in [RGBColor(r: 0, g: 0, b: 0), RGBColor(r: 255, g: 128, b: 255)] {
            let decoded = try MediaDecoder().decode(Fixtures.fullSize(png, background: background))
            var expected = reference
            Resize.flatten(&expected, onto: (background.r, background.g, background.b))
            #expect(decoded.pixels.width == expected.width && decoded.pixels.height == expected.height)
            guard decoded.pixels.width == expected.width, decoded.pixels.height == expected.height else { return }
            let difference = PixelCompare.maxDifference(decoded.pixels, expected)
            #expect(difference <= 1, "\(name) on \(background): channels differ by up to \(difference)")
        }
    }

    @Test(arguments: broken)
    func brokenFileIsRejected(_ name: String) {
        let png = Fixtures.pngSuite.appendingPathComponent("png/\(name)").path
        #expect(throws: DecodeError.self) { try MediaDecoder().decode(Fixtures.fullSize(png)) }
    }
}
