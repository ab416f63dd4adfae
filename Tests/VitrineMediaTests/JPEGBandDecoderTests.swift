import Foundation
import Testing
import VitrineCore

@testable import VitrineDecode
@testable import VitrineMedia

/// The two-thread row-range JPEG decode must give the pixels of the
/// whole-image TurboJPEG decode + area downscale, and refuse what it refuses.
@Suite("JPEG decoding in two bands")
struct JPEGBandDecoderTests {
    /// The whole-image path: TurboJPEG at the DCT scale, then the area downscale.
    static func wholeImage(_ bytes: [UInt8], _ plan: DecodeGeometry, denominator: Int) throws -> PixelBuffer {
        let turbo = try #require(TurboJPEGHandle.decompressor())
        let w = DCTScale.scaled(plan.storedWidth, denominator: denominator)
        let h = DCTScale.scaled(plan.storedHeight, denominator: denominator)
        let scaled = try turbo.decompress(bytes, width: w, height: h, cmyk: false, path: plan.path)
        return scaled.withUnsafeBufferPointer {
            AreaReducer.reduceInBands($0, width: w, height: h, to: plan.targetWidth, plan.targetHeight)
        }
    }

    static func plan(_ bytes: [UInt8], width: Int, height: Int, output: Size) throws -> DecodeGeometry {
        let request = DecodeRequest(path: "test.jpg", output: output, fit: .contain, background: .black)
        return try DecodeGeometry(
            storedWidth: width, storedHeight: height, orientation: ExifOrientation.of(bytes, format: .jpeg),
            request: request, limits: DecodeLimits())
    }

    /// Decodes both ways (the band path whatever the size) and returns the largest channel difference.
    static func compare(_ bytes: [UInt8], width: Int, height: Int, output: Size) throws -> Int {
        let plan = try plan(bytes, width: width, height: height, output: output)
        let denominator = DCTScale.choose(
            width: width, height: height, targetWidth: plan.targetWidth, targetHeight: plan.targetHeight)
        let expected = try wholeImage(bytes, plan, denominator: denominator)
        let banded = try #require(
            try JPEGBandDecoder.decode(bytes, plan: plan, denominator: denominator, minimumPixels: 0))
        #expect(banded.width == expected.width)
        #expect(banded.height == expected.height)
        return PixelCompare.maxDifference(banded, expected)
    }

    /// A photo-like test image: smooth gradients with hard edges and noise.
    static func photo(width: Int, height: Int) -> PixelBuffer {
        var pixels = [UInt32](repeating: 0, count: width * height)
        var seed: UInt32 = 0x9E37_79B9
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                for x in 0..<width {
                    seed ^= seed << 13
                    seed ^= seed >> 17
                    seed ^= seed << 5
                    let noise = seed & 0x1F
                    let r = UInt32(x * 255 / width) ^ noise
                    let g = UInt32(y * 255 / height) &+ noise
                    let b: UInt32 = (x / 97 + y / 61) % 2 == 0 ? 40 : 200
                    p[y * width + x] = 0xFF00_0000 | (r & 0xFF) << 16 | (g & 0xFF) << 8 | b
                }
            }
        }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }

    @Test(arguments: Fixtures.files(in: Fixtures.exif, suffix: ".jpg"))
    func smallFixturesMatchTheWholeImageDecode(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Fixtures.exif.appendingPathComponent(name)))
        let header = try #require(TurboJPEGHandle.decompressor()).header(bytes, path: name)
        // One output needs the full DCT scale, the other half of it.
        for side in [90.0, 40.0] {
            let worst = try Self.compare(
                bytes, width: header.width, height: header.height, output: Size(width: side, height: side))
            #expect(worst <= 1, "\(name) at \(side): a channel differs by \(worst)")
        }
    }

    @Test func aLargePhotoMatchesTheWholeImageDecode() throws {
        let jpeg = try #require(JPEGEncoder.encode(Self.photo(width: 6000, height: 4000), quality: 90))
        let worst = try Self.compare(jpeg, width: 6000, height: 4000, output: Size(width: 1920, height: 1080))
        #expect(worst <= 1, "a channel differs by \(worst)")
    }

    /// Each DCT scale has its own split between the bands: each must give the whole-image
    /// decode's pixels, reduced with the previous reducer kernel.
    @Test(arguments: [(1000.0, 1), (700.0, 2), (350.0, 4), (150.0, 8)])
    func everyScaleMatchesTheWholeImageDecode(side: Double, denominator: Int) throws {
        let jpeg = try #require(JPEGEncoder.encode(Self.photo(width: 1600, height: 1200), quality: 90))
        let plan = try Self.plan(jpeg, width: 1600, height: 1200, output: Size(width: side, height: side))
        let chosen = DCTScale.choose(
            width: 1600, height: 1200, targetWidth: plan.targetWidth, targetHeight: plan.targetHeight)
        #expect(chosen == denominator)
        let turbo = try #require(TurboJPEGHandle.decompressor())
        let (w, h) = (DCTScale.scaled(1600, denominator: chosen), DCTScale.scaled(1200, denominator: chosen))
        let whole = PixelBuffer(
            width: w, height: h, pixels: try turbo.decompress(jpeg, width: w, height: h, cmyk: false, path: "test.jpg"))
        let expected = AreaReducerKernelTests.previousKernel(whole, width: plan.targetWidth, height: plan.targetHeight)
        let banded = try #require(
            try JPEGBandDecoder.decode(jpeg, plan: plan, denominator: chosen, minimumPixels: 0))
        #expect(banded.width == expected.width && banded.height == expected.height)
        #expect(PixelCompare.maxDifference(banded, expected) <= 1)
    }

    @Test func progressiveAndSmallFilesAreLeftToTheWholeImageDecoder() throws {
        let image = Self.photo(width: 96, height: 64)
        let baseline = try #require(JPEGEncoder.encode(image))
        let plan = try Self.plan(baseline, width: 96, height: 64, output: Size(width: 40, height: 40))
        // Under the size where a second thread pays.
        #expect(try JPEGBandDecoder.decode(baseline, plan: plan, denominator: 2) == nil)
        #expect(try JPEGBandDecoder.decode(baseline, plan: plan, denominator: 2, minimumPixels: 0) != nil)
        // Progressive: skipping rows would mean decoding every scan.
        let compressor = try #require(TurboJPEGHandle.compressor())
        let progressive = try #require(compressor.compress(image, quality: 90, progressive: true))
        #expect(try JPEGBandDecoder.decode(progressive, plan: plan, denominator: 2, minimumPixels: 0) == nil)
    }

    /// Cut in the top band's rows, in the bottom band's, and just before the end marker.
    @Test(arguments: [0.3, 0.8, 0.999])
    func aTruncatedFileIsRefused(keptShare: Double) throws {
        let jpeg = try #require(JPEGEncoder.encode(Self.photo(width: 640, height: 480), quality: 90))
        let cut = Array(jpeg.prefix(min(jpeg.count - 2, Int(Double(jpeg.count) * keptShare))))
        let plan = try Self.plan(cut, width: 640, height: 480, output: Size(width: 200, height: 200))
        let denominator = DCTScale.choose(
            width: 640, height: 480, targetWidth: plan.targetWidth, targetHeight: plan.targetHeight)
        #expect(throws: DecodeError.self) {
            try JPEGBandDecoder.decode(cut, plan: plan, denominator: denominator, minimumPixels: 0)
        }
        // The whole-image decoder agrees.
        #expect(throws: DecodeError.self) { try Self.wholeImage(cut, plan, denominator: denominator) }
    }

    @Test func damagedDataIsAnErrorNotACrash() throws {
        var jpeg = try #require(JPEGEncoder.encode(Self.photo(width: 640, height: 480), quality: 90))
        // Overwrite the frame header's marker: the file is no longer a JPEG past its start.
        for i in 2..<min(jpeg.count, 400) { jpeg[i] = 0xFF }
        let plan = try Self.plan(jpeg, width: 640, height: 480, output: Size(width: 200, height: 200))
        let error = #expect(throws: DecodeError.self) {
            try JPEGBandDecoder.decode(jpeg, plan: plan, denominator: 2, minimumPixels: 0)
        }
        #expect(error?.path == "test.jpg")
    }
}
