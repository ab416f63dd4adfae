import Foundation
import Testing
import VitrineCore

@testable import VitrineDecode

/// An AVIF decodes with the calling thread on one CPU (where dav1d decodes without frame
/// threads), and the thread has all its CPUs back afterwards, even when the decode fails.
@Suite struct OneCPUTests {
    struct Failure: Error {}

    @Test func theBodyRunsOnOneCPUAndTheMaskComesBack() throws {
        let before = try #require(OneCPU.allowed)
        let inside = OneCPU.run { OneCPU.allowed }
        #expect(inside == 1)
        #expect(OneCPU.allowed == before)
        #expect(throws: Failure.self) { try OneCPU.run { () throws(Failure) -> Int in throw Failure() } }
        #expect(OneCPU.allowed == before)
    }

    /// The decoding thread has the same CPUs after an AVIF as before it.
    @Test func anAVIFDecodesWithAllCPUsGivenBack() throws {
        let before = try #require(OneCPU.allowed)
        let path = try ModernFormatFiles.shared.get().path("lossy.avif")
        let request = DecodeRequest(
            path: path, output: Size(width: 320, height: 240), fit: .contain, background: .black)
        let image = try MediaDecoder().decode(request)
        #expect(image.pixels.width > 0)
        #expect(OneCPU.allowed == before)
    }
}
