import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// Reading playlist and input trace files: what a file that cannot be read gives.
@Suite struct FileReadingTests {
    @Test func loadReportsUnreadableFiles() throws {
        let missing = PlaylistDecoder.load("/nonexistent/frame.json")
        #expect(missing.diagnostics.map(\.description) == ["no such file"])
        let folder = try TemporaryFolder()
        let binary = folder.url("bad.json")
        try Data([0x7B, 0xFF, 0xFE, 0x7D]).write(to: binary)
        #expect(
            PlaylistDecoder.load(binary.path).diagnostics.map(\.description) == ["is not UTF-8 text; save it as UTF-8"])
    }

    @Test func aMissingFileSaysSo() {
        #expect(throws: InputTraceError.self) { try InputTrace.load("/nonexistent/trace.jsonl") }
    }
}
