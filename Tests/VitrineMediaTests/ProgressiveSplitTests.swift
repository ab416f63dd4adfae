import CTurboJPEG
import Foundation
import Testing
import VitrineCore

@testable import VitrineDecode
@testable import VitrineMedia

/// Progressive JPEGs whose scans are split between two decompressors on two threads over one
/// coefficient buffer, each then making a band of the rows (`JPEGSplitDecoder`): the very pixels
/// of the whole file at every scale, corrupt data included; an error in either half ends the
/// decode; other files are refused.
@Suite("Progressive JPEG scans decoded on two threads")
struct ProgressiveSplitTests {
    static let size = (width: 1203, height: 803)

    static func plan(_ output: Size) throws -> DecodeGeometry {
        try DecodeGeometry(
            storedWidth: size.width, storedHeight: size.height, orientation: .up,
            request: DecodePathTests.request("p.jpg", output), limits: DecodeLimits())
    }

    /// The output size that makes the decoder pick 1/`denominator` for this picture.
    static func output(_ denominator: Int) -> Size {
        Size(width: Double(size.width / denominator), height: Double(size.height / denominator))
    }

    static func decode(_ bytes: [UInt8], denominator: Int, split: Bool, roles: [Int32]? = nil) throws -> PixelBuffer {
        let plan = try Self.plan(Self.output(denominator))
        let limits = DecodeLimits()
        if split {
            let jpeg = try #require(
                try JPEGSplitDecoder.open(bytes, plan: plan, denominator: denominator, limits: limits, roles: roles))
            return try JPEGSplitDecoder.decode(jpeg, plan: plan, denominator: denominator, limits: limits)
        }
        return try bytes.withUnsafeBufferPointer { data in
            let jpeg = try LibJPEGDecompressor(data, path: "p.jpg")
            return try JPEGRowDecoder.reduce(jpeg, plan: plan, denominator: denominator, limits: limits)
        }
    }

    @Test(arguments: [TJSAMP_420, TJSAMP_422, TJSAMP_444, TJSAMP_440, TJSAMP_GRAY])
    func givesTheWholeFilesPixelsAtEveryScale(_ subsampling: TJSAMP) throws {
        let bytes = try ProgressiveDCTests.progressive(subsampling)
        let whole = try bytes.withUnsafeBufferPointer { try LibJPEGDecompressor($0, path: "p.jpg") }
        let split = try #require(try bytes.withUnsafeBufferPointer { try LibJPEGDecompressor.split($0, path: "p.jpg") })
        #expect(split.coefficientBytes == whole.coefficientBytes)
        for denominator in [1, 2, 4, 8] {
            let fast = try Self.decode(bytes, denominator: denominator, split: true)
            let expected = try Self.decode(bytes, denominator: denominator, split: false)
            #expect(fast.size == expected.size)
            guard fast.size == expected.size else { continue }
            #expect(PixelCompare.maxDifference(fast, expected) == 0, "\(subsampling) 1/\(denominator)")
        }
    }

    @Test(arguments: [TJSAMP_420, TJSAMP_444])
    func aRealPhotoGivesTheWholeFilesPixels(_ subsampling: TJSAMP) throws {
        // The demo's deep-field photograph (1000x872), saved again as a progressive JPEG.
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/demo/hubble_deep_field.jpg")
        let original = [UInt8](try Data(contentsOf: demo))
        let decoder = try #require(TurboJPEGHandle.decompressor())
        let header = try decoder.header(original, path: demo.path)
        let pixels = try decoder.decompress(
            original, width: header.width, height: header.height, cmyk: false, path: demo.path)
        let picture = PixelBuffer(width: header.width, height: header.height, pixels: pixels)
        let compressor = try #require(TurboJPEGHandle.compressor())
        let bytes = try #require(compressor.compress(picture, quality: 92, progressive: true, subsampling: subsampling))
        for denominator in [1, 2, 4] {
            let plan = try DecodeGeometry(
                storedWidth: header.width, storedHeight: header.height, orientation: .up,
                request: DecodePathTests.request(
                    "h.jpg",
                    Size(width: Double(header.width / denominator), height: Double(header.height / denominator))),
                limits: DecodeLimits())
            let jpeg = try #require(
                try JPEGSplitDecoder.open(bytes, plan: plan, denominator: denominator, limits: DecodeLimits()))
            let fast = try JPEGSplitDecoder.decode(jpeg, plan: plan, denominator: denominator, limits: DecodeLimits())
            let expected = try bytes.withUnsafeBufferPointer { data in
                try JPEGRowDecoder.reduce(
                    try LibJPEGDecompressor(data, path: "h.jpg"), plan: plan, denominator: denominator,
                    limits: DecodeLimits())
            }
            #expect(fast.size == expected.size)
            guard fast.size == expected.size else { continue }
            #expect(PixelCompare.maxDifference(fast, expected) == 0, "\(subsampling) 1/\(denominator)")
        }
    }

    @Test func everySplitOfTheScansGivesTheSamePixels() throws {
        // Each scan alone on one side, and alternate scans: among them splits where one of the pair
        // reads no scan of some channel (it must still make that channel's rows).
        let bytes = try ProgressiveDCTests.progressive(TJSAMP_420)
        let count = Self.scans(bytes).count
        #expect(count >= 6)
        var splits: [[Int32]] = [(0..<count).map { Int32($0 % 2) }, (0..<count).map { Int32(1 - $0 % 2) }]
        for alone in 0..<count {
            splits.append((0..<count).map { $0 == alone ? 1 : 0 })
            splits.append((0..<count).map { $0 == alone ? 0 : 1 })
        }
        let expected = try Self.decode(bytes, denominator: 2, split: false)
        for roles in splits {
            let fast = try Self.decode(bytes, denominator: 2, split: true, roles: roles)
            #expect(fast.size == expected.size)
            guard fast.size == expected.size else { continue }
            #expect(PixelCompare.maxDifference(fast, expected) == 0, "\(roles)")
        }
    }

    /// The offsets of the file's scans (their SOS markers; entropy data never holds 0xFF 0xDA).
    static func scans(_ bytes: [UInt8]) -> [Int] {
        ProgressiveDCTests.scans(bytes)
    }

    @Test func corruptDataGivesWhatTheWholeFileGives() throws {
        let bytes = try ProgressiveDCTests.progressive(TJSAMP_420)
        let scans = Self.scans(bytes)
        var generator = SplitMix(seed: 7)
        for round in 0..<12 {
            var damaged = bytes
            // A few bytes changed inside the entropy data of one scan, never into a marker.
            let scan = scans[round % scans.count]
            let end = scans.first { $0 > scan } ?? bytes.count - 2
            for _ in 0..<3 {
                let at = scan + 16 + Int(generator.next() % UInt64(max(1, end - scan - 20)))
                let value = UInt8(generator.next() % 0xFE)
                if damaged[at] != 0xFF, damaged[at - 1] != 0xFF { damaged[at] = value }
            }
            let whole = Result { try Self.decode(damaged, denominator: 2, split: false) }
            let split = Result { try Self.decode(damaged, denominator: 2, split: true) }
            switch (whole, split) {
            case (.success(let expected), .success(let fast)):
                #expect(PixelCompare.maxDifference(fast, expected) == 0, "round \(round)")
            case (.failure, .failure):
                break
            default:
                Issue.record("round \(round): the whole file gave \(whole), the split decode \(split)")
            }
        }
    }

    @Test func anErrorInEitherHalfEndsTheDecode() throws {
        let bytes = try ProgressiveDCTests.progressive(TJSAMP_420)
        // An AC scan whose band is empty (Ss > Se) is an error to libjpeg; whichever decompressor
        // reads it fails, and the decode says so instead of waiting for its coefficients.
        var failures = 0
        for scan in Self.scans(bytes) {
            let inScan = Int(bytes[scan + 4])
            let ss = scan + 5 + 2 * inScan
            guard bytes[ss] > 0 else { continue }
            var broken = bytes
            broken[ss + 1] = 0
            #expect(throws: DecodeError.self) { try Self.decode(broken, denominator: 2, split: false) }
            // (A scan that was the last to code some coefficients leaves them inexact: refused, whole.)
            let taken = try broken.withUnsafeBufferPointer { try LibJPEGDecompressor.split($0, path: "p.jpg") } != nil
            guard taken else { continue }
            #expect(throws: DecodeError.self) { try Self.decode(broken, denominator: 2, split: true) }
            failures += 1
        }
        // Each of the 4:2:0 file's 5 AC scans that are not the last in their band, broken in turn.
        #expect(failures >= 5)
    }

    @Test func refusesWhatItCannotTakeExactly() throws {
        let bytes = try ProgressiveDCTests.progressive(TJSAMP_420)
        func split(_ bytes: [UInt8]) throws -> LibJPEGDecompressor? {
            try bytes.withUnsafeBufferPointer { try LibJPEGDecompressor.split($0, path: "p.jpg") }
        }
        // A baseline file has one scan.
        let compressor = try #require(TurboJPEGHandle.compressor())
        let baseline = try #require(compressor.compress(DecodePathTests.picture(width: 64, height: 48), quality: 80))
        #expect(try split(baseline) == nil)
        // Cut short: the whole-file decoder reports that.
        #expect(try split(Array(bytes.prefix(bytes.count * 2 / 3))) == nil)
        // Without its last scan the file leaves coefficients inexact, which libjpeg would smooth.
        let last = try #require(Self.scans(bytes).last)
        #expect(try split(Array(bytes.prefix(last)) + [0xFF, 0xD9]) == nil)
        // Not a JPEG at all.
        #expect(try split(Array(repeating: 0x41, count: 100)) == nil)
        // Under half a megapixel a second thread does not pay for itself.
        let small = try #require(
            compressor.compress(DecodePathTests.picture(width: 700, height: 700), quality: 80, progressive: true))
        #expect(try split(small) == nil)
    }

    @Test func theDecoderTakesItForProgressiveFiles() throws {
        // Through the whole decoder, against TurboJPEG's whole-image path.
        for subsampling in [TJSAMP_420, TJSAMP_444] {
            let bytes = try ProgressiveDCTests.progressive(subsampling)
            let request = DecodePathTests.request("p.jpg", Size(width: 600, height: 400))
            let decoded = try MediaDecoder().decode(bytes: bytes, request: request)
            let reference = try DecodePathTests.referenceJPEG(bytes, request)
            #expect(decoded.pixels.size == reference.size)
            guard decoded.pixels.size == reference.size else { continue }
            #expect(PixelCompare.maxDifference(decoded.pixels, reference) <= 1, "\(subsampling)")
        }
    }
}

/// A small deterministic generator for the damaged bytes.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
