import CTurboJPEG
import Testing

@testable import VitrineDecode
@testable import VitrineMedia

/// The shim's own coefficient arrays run only on the libjpeg-turbo they were proved on.
@Suite struct JPEGShimGuardTests {
    @Test func theLoadedLibraryIsReadAndMatchesTheHeaders() {
        let current = JPEGShimGuard.current
        #expect(current.loaded > 2_000_000, "the version is read from the loaded library")
        #expect(current.loaded == current.compiled)
        #expect(JPEGShimGuard.text(current.loaded).split(separator: ".").count == 3)
    }

    @Test func onlyAProvenVersionMatchingTheHeadersIsAllowed() {
        #expect(JPEGShimGuard(compiled: 2_001_005, loaded: 2_001_005).allowsShimArrays)
        let newer = JPEGShimGuard(compiled: 3_000_001, loaded: 3_000_001)
        #expect(!newer.allowsShimArrays)
        #expect(newer.refusal?.contains("libjpeg-turbo 3.0.1 is not a version") == true)
        let swapped = JPEGShimGuard(compiled: 2_001_005, loaded: 2_001_004)
        #expect(swapped.refusal == "libjpeg-turbo 2.1.4 is loaded but vitrine was built with 2.1.5")
        #expect(!JPEGShimGuard(compiled: 2_001_005, loaded: 0).allowsShimArrays)
    }

    @Test func aRefusedLibraryTakesTheWholeFilePath() throws {
        let bytes = try ProgressiveDCTests.progressive(TJSAMP_420)
        func split(_ allowed: Bool) throws -> Bool {
            try bytes.withUnsafeBufferPointer { try LibJPEGDecompressor.split($0, path: "p.jpg", allowed: allowed) }
                != nil
        }
        func dcOnly(_ allowed: Bool) throws -> Bool {
            try bytes.withUnsafeBufferPointer { try LibJPEGDecompressor.dcOnly($0, path: "p.jpg", allowed: allowed) }
                != nil
        }
        #expect(try split(true))
        #expect(try !split(false))
        #expect(try dcOnly(true))
        #expect(try !dcOnly(false))
    }
}
