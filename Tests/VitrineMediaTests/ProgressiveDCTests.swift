import CTurboJPEG
import Foundation
import Testing
import VitrineCore

@testable import VitrineDecode
@testable import VitrineMedia

/// Progressive JPEGs at 1/8 decoded from a copy without the AC scans that scale
/// does not read (`LibJPEGDecompressor.dcOnly`): the very pixels of the whole
/// file, in a smaller coefficient buffer; files it cannot take exactly are refused.
@Suite("Progressive JPEG at 1/8 from its DC scans")
struct ProgressiveDCTests {
    static let output = Size(width: 97, height: 61)

    static func progressive(_ subsampling: TJSAMP) throws -> [UInt8] {
        let compressor = try #require(TurboJPEGHandle.compressor())
        let image = DecodePathTests.photo
        return try #require(compressor.compress(image, quality: 88, progressive: true, subsampling: subsampling))
    }

    static func plan(_ bytes: [UInt8]) throws -> DecodeGeometry {
        try DecodeGeometry(
            storedWidth: 1203, storedHeight: 803, orientation: .up,
            request: DecodePathTests.request("p.jpg", output), limits: DecodeLimits())
    }

    static func wholeFile(_ bytes: [UInt8], _ plan: DecodeGeometry) throws -> PixelBuffer {
        try bytes.withUnsafeBufferPointer { data in
            let jpeg = try LibJPEGDecompressor(data, path: "p.jpg")
            return try JPEGRowDecoder.reduce(jpeg, plan: plan, denominator: 8, limits: DecodeLimits())
        }
    }

    @Test(arguments: [TJSAMP_420, TJSAMP_422, TJSAMP_444, TJSAMP_440, TJSAMP_GRAY])
    func givesTheWholeFilesPixels(_ subsampling: TJSAMP) throws {
        let bytes = try Self.progressive(subsampling)
        let plan = try Self.plan(bytes)
        let dcOnly = try #require(try JPEGRowDecoder.dcOnly(bytes, plan: plan, denominator: 8))
        let whole = try bytes.withUnsafeBufferPointer { try LibJPEGDecompressor($0, path: "p.jpg") }
        // The luma keeps one coefficient a block; subsampled chroma whole blocks (4:2:0 reads its AC at 1/8).
        let expectedShare = subsampling == TJSAMP_420 ? 2 : 60
        #expect(dcOnly.coefficientBytes * expectedShare <= whole.coefficientBytes, "\(subsampling)")
        let fast = try JPEGRowDecoder.reduce(dcOnly, plan: plan, denominator: 8, limits: DecodeLimits())
        let expected = try Self.wholeFile(bytes, plan)
        #expect(fast.size == expected.size)
        guard fast.size == expected.size else { return }
        #expect(PixelCompare.maxDifference(fast, expected) == 0, "\(subsampling)")
        // And through the whole decoder, against TurboJPEG's whole-image path.
        let decoded = try MediaDecoder().decode(bytes: bytes, request: DecodePathTests.request("p.jpg", Self.output))
        let reference = try DecodePathTests.referenceJPEG(bytes, DecodePathTests.request("p.jpg", Self.output))
        #expect(decoded.pixels.size == reference.size)
        guard decoded.pixels.size == reference.size else { return }
        #expect(PixelCompare.maxDifference(decoded.pixels, reference) <= 1, "\(subsampling)")
    }

    /// The offsets of the file's scans (their SOS markers; entropy data never holds 0xFF 0xDA).
    static func scans(_ bytes: [UInt8]) -> [Int] {
        (0..<(bytes.count - 1)).filter { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }
    }

    @Test func refusesWhatItCannotTakeExactly() throws {
        let bytes = try Self.progressive(TJSAMP_420)
        let plan = try Self.plan(bytes)
        // Only at 1/8.
        #expect(try JPEGRowDecoder.dcOnly(bytes, plan: plan, denominator: 4) == nil)
        // A baseline file has no scans to leave out.
        let compressor = try #require(TurboJPEGHandle.compressor())
        let baseline = try #require(compressor.compress(DecodePathTests.picture(width: 64, height: 48), quality: 80))
        #expect(try JPEGRowDecoder.dcOnly(baseline, plan: plan, denominator: 8) == nil)
        // Cut short: the whole-file decoder reports that.
        #expect(try JPEGRowDecoder.dcOnly(Array(bytes.prefix(bytes.count * 2 / 3)), plan: plan, denominator: 8) == nil)
        // Without its last scan (the luma's last refinement), the file leaves coefficients inexact, so
        // libjpeg would smooth its blocks from the DC values: the copy would not match.
        let last = try #require(Self.scans(bytes).last)
        let unfinished = Array(bytes.prefix(last)) + [0xFF, 0xD9]
        #expect(try JPEGRowDecoder.dcOnly(unfinished, plan: plan, denominator: 8) == nil)
        // That file still decodes, the whole-file way.
        let request = DecodePathTests.request("u.jpg", Self.output)
        let decoded = try MediaDecoder().decode(bytes: unfinished, request: request)
        #expect(decoded.pixels.size == (try MediaDecoder().decode(bytes: bytes, request: request)).pixels.size)
    }
}
