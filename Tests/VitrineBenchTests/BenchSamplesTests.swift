import Foundation
import Testing
import VitrineCore
import VitrineMedia

@testable import VitrineBench

/// The files the bench writes for itself decode (with SDL2_image, as the naive
/// path reads them) to the picture they were made from.
@Suite struct BenchSamplesTests {
    static let picture = BenchInputs.photo(width: 203, height: 141, seed: 5)

    static func decoded(_ bytes: [UInt8], name: String) throws -> PixelBuffer {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitrine-samples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return try SDLImageDecoder().load(url.path)
    }

    static func worstChannel(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        var worst = 0
        for (p, q) in zip(a.pixels, b.pixels) {
            for shift in [0, 8, 16] {
                worst = max(worst, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
            }
        }
        return worst
    }

    @Test func bmpAndTIFFHoldTheExactPixels() throws {
        for (bytes, name) in [(BenchSamples.bmp(Self.picture), "a.bmp"), (BenchSamples.tiff(Self.picture), "a.tif")] {
            let image = try Self.decoded(bytes, name: name)
            #expect(image.width == 203 && image.height == 141, "\(name)")
            guard image.width == 203, image.height == 141 else { continue }
            #expect(Self.worstChannel(image, Self.picture) == 0, "\(name)")
        }
    }

    /// The GIF holds the picture in a 3-3-2 palette: exactly each pixel's palette colour.
    @Test func gifHoldsThePictureInItsPalette() throws {
        let image = try Self.decoded(BenchSamples.gif(Self.picture), name: "a.gif")
        #expect(image.width == 203 && image.height == 141)
        guard image.width == 203, image.height == 141 else { return }
        var expected = Self.picture
        for i in expected.pixels.indices {
            let p = expected.pixels[i]
            let r = (p >> 21) & 7
            let g = (p >> 13) & 7
            let b = (p >> 6) & 3
            expected.pixels[i] = PixelBuffer.argb(UInt8(r * 255 / 7), UInt8(g * 255 / 7), UInt8(b * 255 / 3))
        }
        #expect(Self.worstChannel(image, expected) == 0)
    }
}
