import Foundation
import Testing
import VitrineCore

@testable import VitrineDecode
@testable import VitrineMedia

/// libwebp's own decode (scaled while decoding when the output is smaller)
/// against SDL2_image's path (the whole image, flattened, area-reduced).
@Suite("WebP through libwebp")
struct WebPDecoderTests {
    static func reference(_ bytes: [UInt8], _ request: DecodeRequest) throws -> PixelBuffer {
        try SDLFormatDecoder(limits: DecodeLimits()).decode(bytes, format: .webp, request: request).pixels
    }

    /// Smooth colours with hard-edged lighter blocks, as photos have (no per-pixel
    /// colour noise, which lossy WebP does not keep anyway).
    static func picture(width: Int, height: Int) -> PixelBuffer {
        var pixels = PixelBuffer(width: width, height: height, color: 0)
        for y in 0..<height {
            for x in 0..<width {
                let edge = (x / 37 + y / 23) % 2 == 0 ? 50 : 0
                pixels[x, y] = PixelBuffer.argb(
                    UInt8(x * 150 / width + edge + 20), UInt8(y * 150 / height + edge + 20),
                    UInt8(150 - x * 60 / width + edge))
            }
        }
        return pixels
    }

    static func webp(lossless: Bool, alpha: Bool) throws -> [UInt8] {
        var image = picture(width: 611, height: 407)
        if alpha {
            for y in 0..<image.height {
                for x in 0..<image.width where (x / 50 + y / 40) % 3 == 0 {
                    image[x, y] = (image[x, y] & 0x00FF_FFFF) | UInt32((x * 3) & 0xFF) << 24
                }
            }
        }
        return try #require(WebPEncoder.encode(image, quality: 85, lossless: lossless))
    }

    /// At full size both are libwebp's pixels: equal within one step.
    @Test(arguments: [(false, false), (true, false), (true, true), (false, true)])
    func fullSizeMatchesSDLImage(_ lossless: Bool, _ alpha: Bool) throws {
        let bytes = try Self.webp(lossless: lossless, alpha: alpha)
        let request = DecodePathTests.request(
            "a.webp", Size(width: 4096, height: 4096), background: RGBColor(r: 250, g: 240, b: 230))
        let decoded = try MediaDecoder().decode(bytes: bytes, request: request)
        let expected = try Self.reference(bytes, request)
        #expect(decoded.pixels.size == expected.size)
        guard decoded.pixels.size == expected.size else { return }
        let difference = PixelCompare.maxDifference(decoded.pixels, expected)
        #expect(difference <= 1, "lossless \(lossless), alpha \(alpha): channels differ by up to \(difference)")
    }

    /// Downscaled, libwebp's rescaler averages the same areas as the area reducer:
    /// lossless images (rescaled as RGB) agree within one step. Lossy ones are rescaled
    /// as Y, U and V planes (U and V at half size) before conversion, where the reference
    /// converts with smoothed chroma first: pixels on hard edges may differ by a few
    /// steps, the image as a whole by less than one on average.
    @Test(arguments: [false, true])
    func downscaledMatchesSDLImage(_ lossless: Bool) throws {
        let bytes = try Self.webp(lossless: lossless, alpha: false)
        for output in [Size(width: 300, height: 200), Size(width: 97, height: 61)] {
            let request = DecodePathTests.request("a.webp", output)
            let decoded = try MediaDecoder().decode(bytes: bytes, request: request)
            let expected = try Self.reference(bytes, request)
            #expect(decoded.pixels.size == expected.size)
            guard decoded.pixels.size == expected.size else { continue }
            let worst = PixelCompare.maxDifference(decoded.pixels, expected)
            let mean = PixelCompare.meanDifference(decoded.pixels, expected)
            if lossless {
                #expect(worst <= 1, "lossless at \(output): up to \(worst)")
            } else {
                #expect(mean <= 1 && worst <= 16, "lossy at \(output): mean \(mean), up to \(worst)")
            }
        }
    }

    /// The EXIF samples: orientation applied as SDL2_image's path applies it.
    @Test(arguments: Fixtures.files(in: Fixtures.exif, suffix: ".webp"))
    func exifSamplesMatch(_ name: String) throws {
        let path = Fixtures.exif.appendingPathComponent(name).path
        let bytes = try ImageFile.read(path, maxBytes: 1 << 24)
        let request = DecodePathTests.request(path, Size(width: 4096, height: 4096))
        let decoded = try MediaDecoder().decode(request)
        let expected = try Self.reference(bytes, request)
        #expect(decoded.pixels.size == expected.size)
        guard decoded.pixels.size == expected.size else { return }
        #expect(PixelCompare.maxDifference(decoded.pixels, expected) <= 1, "\(name)")
    }
}
