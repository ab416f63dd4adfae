import CTurboJPEG
import Foundation
import Testing
import VitrineCore

@testable import VitrineDecode
@testable import VitrineMedia

/// Each decode path (JPEG rows streamed into the downscale, PNG rows through the
/// two-thread pipeline, libwebp's scaled decode, SDL2_image's formats converted a
/// few rows at a time) gives the pixels of the whole-image reference path within
/// one step a channel.
@Suite("Decode paths against their references")
struct DecodePathTests {
    static let outputs = [Size(width: 4096, height: 4096), Size(width: 300, height: 200), Size(width: 97, height: 61)]

    static func request(_ path: String, _ output: Size, background: RGBColor = .black) -> DecodeRequest {
        DecodeRequest(path: path, output: output, fit: .contain, background: background)
    }

    /// The whole-image JPEG path: TurboJPEG at the DCT scale, the area downscale, the orientation.
    static func referenceJPEG(_ bytes: [UInt8], _ request: DecodeRequest) throws -> PixelBuffer {
        let turbo = try #require(TurboJPEGHandle.decompressor())
        let header = try turbo.header(bytes, path: request.path)
        let plan = try DecodeGeometry(
            storedWidth: header.width, storedHeight: header.height,
            orientation: ExifOrientation.of(bytes, format: .jpeg),
            request: request, limits: DecodeLimits())
        let denominator = DCTScale.choose(
            width: header.width, height: header.height, targetWidth: plan.targetWidth, targetHeight: plan.targetHeight)
        let w = DCTScale.scaled(header.width, denominator: denominator)
        let h = DCTScale.scaled(header.height, denominator: denominator)
        let scaled = try turbo.decompress(bytes, width: w, height: h, cmyk: header.isCMYK, path: request.path)
        let reduced = scaled.withUnsafeBufferPointer {
            AreaReducer.reduceInBands($0, width: w, height: h, to: plan.targetWidth, plan.targetHeight)
        }
        return plan.finish(reduced).pixels
    }

    /// A picture with edges, gradients and colour detail, `width`×`height`.
    static func picture(width: Int, height: Int) -> PixelBuffer {
        var pixels = PixelBuffer(width: width, height: height, color: 0)
        for y in 0..<height {
            for x in 0..<width {
                let edge: UInt8 = (x / 37 + y / 23) % 2 == 0 ? 40 : 0
                pixels[x, y] = PixelBuffer.argb(
                    UInt8((x * 255 / width) & 0xFF) &+ edge, UInt8((y * 255 / height) & 0xFF), UInt8((x ^ y) & 0xFF))
            }
        }
        return pixels
    }

    /// The picture every JPEG kind here is made of, made once (a debug build takes a while over it).
    static let photo = picture(width: 1203, height: 803)

    static func jpeg(_ kind: String) throws -> [UInt8] {
        let image = photo
        let compressor = try #require(TurboJPEGHandle.compressor())
        switch kind {
        case "progressive": return try #require(compressor.compress(image, quality: 88, progressive: true))
        case "progressive-444":
            return try #require(compressor.compress(image, quality: 88, progressive: true, subsampling: TJSAMP_444))
        case "422": return try #require(compressor.compress(image, quality: 88, subsampling: TJSAMP_422))
        case "444": return try #require(compressor.compress(image, quality: 88, subsampling: TJSAMP_444))
        case "gray": return try #require(compressor.compress(image, quality: 88, subsampling: TJSAMP_GRAY))
        case "gray-progressive":
            return try #require(compressor.compress(image, quality: 88, progressive: true, subsampling: TJSAMP_GRAY))
        case "cmyk": return try #require(cmykJPEG(image))
        default: return try #require(compressor.compress(image, quality: 88))
        }
    }

    /// A YCCK (Adobe CMYK) JPEG of `image`.
    static func cmykJPEG(_ image: PixelBuffer) -> [UInt8]? {
        guard let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        var cmyk = [UInt8]()
        for p in image.pixels {
            let r = UInt8((p >> 16) & 0xFF)
            let g = UInt8((p >> 8) & 0xFF)
            let b = UInt8(p & 0xFF)
            cmyk += [r, g, b, 200]
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjCompress2(
            handle, cmyk, Int32(image.width), Int32(image.width * 4), Int32(image.height), Int32(TJPF_CMYK.rawValue),
            &output, &size, Int32(TJSAMP_420.rawValue), 90, 0)
        defer { tjFree(output) }
        guard status == 0, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    @Test(arguments: ["progressive", "progressive-444", "422", "444", "gray", "gray-progressive", "cmyk", "420"])
    func jpegMatchesTheWholeImagePath(_ kind: String) throws {
        let bytes = try Self.jpeg(kind)
        for output in Self.outputs {
            let request = Self.request("\(kind).jpg", output)
            let decoded = try MediaDecoder().decode(bytes: bytes, request: request)
            let expected = try Self.referenceJPEG(bytes, request)
            #expect(decoded.pixels.width == expected.width && decoded.pixels.height == expected.height)
            guard decoded.pixels.size == expected.size else { continue }
            let difference = PixelCompare.maxDifference(decoded.pixels, expected)
            #expect(difference <= 1, "\(kind) at \(output): channels differ by up to \(difference)")
        }
    }

    /// The streamed path really is the one taken for these kinds (not the whole-image fallback).
    @Test func progressiveAndGrayStreamAndCMYKFallsBack() throws {
        for (kind, streams) in [("progressive", true), ("gray", true), ("cmyk", false)] {
            let bytes = try Self.jpeg(kind)
            let request = Self.request("\(kind).jpg", Size(width: 300, height: 200))
            let plan = try DecodeGeometry(
                storedWidth: 1203, storedHeight: 803, orientation: .up, request: request, limits: DecodeLimits())
            let streamed = try JPEGRowDecoder.decode(bytes, plan: plan, denominator: 2, limits: DecodeLimits())
            #expect((streamed != nil) == streams, "\(kind)")
        }
    }

    /// Over the budget even at 1/8 (4:2:0 colour needs whole blocks there: about 1 MB for this file).
    @Test func progressiveOverTheBudgetIsRefusedNamingIt() throws {
        let bytes = try Self.jpeg("progressive")
        let tight = MediaDecoder(limits: DecodeLimits(maxProgressiveBytes: 512 << 10))
        let error = #expect(throws: DecodeError.self) {
            _ = try tight.decode(bytes: bytes, request: Self.request("big.jpg", Size(width: 300, height: 200)))
        }
        #expect(error?.reason.contains("budget") == true, "\(error?.reason ?? "no error")")
        // The same file within the budget decodes.
        let roomy = MediaDecoder(limits: DecodeLimits(maxProgressiveBytes: 8 << 20))
        #expect(
            try roomy.decode(bytes: bytes, request: Self.request("big.jpg", Size(width: 300, height: 200))).pixels.width
                == 300)
    }

    /// Over the budget at the scale asked for but not at 1/8 from the DC scans: shown at 1/8,
    /// with the pixels of the whole file decoded at 1/8.
    @Test(arguments: ["progressive", "progressive-444"])
    func progressiveOverTheBudgetIsShownAtOneEighth(_ kind: String) throws {
        let bytes = try Self.jpeg(kind)
        let budget = DecodeLimits(maxProgressiveBytes: 1 << 20)
        let request = Self.request("big.jpg", Size(width: 300, height: 200))
        let decoded = try MediaDecoder(limits: budget).decode(bytes: bytes, request: request)
        #expect(decoded.pixels.width == 151 && decoded.pixels.height == 101, "\(decoded.pixels.size)")
        // The whole file at 1/8 with no budget to speak of, reduced to that size.
        let roomy = try MediaDecoder().decode(
            bytes: bytes, request: Self.request("big.jpg", Size(width: 151, height: 101)))
        #expect(roomy.pixels.size == decoded.pixels.size)
        guard roomy.pixels.size == decoded.pixels.size else { return }
        #expect(PixelCompare.maxDifference(decoded.pixels, roomy.pixels) == 0)
    }

    @Test(arguments: Fixtures.files(in: Fixtures.exif, suffix: ".jpg"))
    func exifJPEGMatchesTheWholeImagePath(_ name: String) throws {
        let path = Fixtures.exif.appendingPathComponent(name).path
        let bytes = try ImageFile.read(path, maxBytes: 1 << 24)
        for output in Self.outputs {
            let request = Self.request(path, output)
            let decoded = try MediaDecoder().decode(request)
            let expected = try Self.referenceJPEG(bytes, request)
            #expect(decoded.pixels.size == expected.size)
            guard decoded.pixels.size == expected.size else { continue }
            #expect(PixelCompare.maxDifference(decoded.pixels, expected) <= 1, "\(name) at \(output)")
        }
    }

    /// Interlaced, 16-bit, palette, grey and transparent PngSuite files, downscaled:
    /// the pipeline's result equals the suite's reference rendering flattened and reduced.
    @Test(arguments: PngSuiteTests.valid.filter { $0.hasPrefix("bas") || $0.hasPrefix("tb") || $0.contains("16") })
    func pngDownscaledMatchesTheReference(_ name: String) throws {
        let path = Fixtures.pngSuite.appendingPathComponent("png/\(name)").path
        let bmp = Fixtures.pngSuite.appendingPathComponent("bmp/\(name.dropLast(4)).bmp").path
        let background = RGBColor(r: 255, g: 128, b: 32)
        let request = Self.request(path, Size(width: 21, height: 13), background: background)
        let decoded = try MediaDecoder().decode(request)
        var expected = try SDLImageDecoder().load(bmp)
        Resize.flatten(&expected, onto: (background.r, background.g, background.b))
        expected = Resize.area(expected, width: decoded.pixels.width, height: decoded.pixels.height)
        #expect(decoded.pixels.size == expected.size)
        guard decoded.pixels.size == expected.size else { return }
        let difference = PixelCompare.maxDifference(decoded.pixels, expected)
        #expect(difference <= 1, "\(name): channels differ by up to \(difference)")
    }

    /// A PNG taller than several pipeline chunks, with transparency, at full and reduced size.
    @Test func largePNGThroughThePipelineMatches() throws {
        let folder = try Fixtures.scratchFolder("png-pipeline")
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = Self.picture(width: 517, height: 389)
        let url = folder.appendingPathComponent("big.png")
        try Data(try #require(PNGEncoder.encode(image))).write(to: url)
        for output in Self.outputs {
            let request = Self.request(url.path, output)
            let decoded = try MediaDecoder().decode(request)
            let expected = try SDLImageDecoder().decode(request)
            #expect(decoded.pixels.size == expected.pixels.size)
            guard decoded.pixels.size == expected.pixels.size else { continue }
            #expect(PixelCompare.maxDifference(decoded.pixels, expected.pixels) <= 1, "at \(output)")
        }
    }
}
