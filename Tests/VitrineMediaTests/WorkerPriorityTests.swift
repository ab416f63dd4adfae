import Foundation
import Testing
import VitrineCore
import VitrineMedia

/// The decode worker gives way to the display process: every one of its threads,
/// those libdispatch starts for a two-thread decode included, runs at the priority asked.
@Suite struct WorkerPriorityTests {
    @Test(arguments: ["normal", "idle", "7"])
    func theTextFormReadsBack(_ text: String) throws {
        let priority = try #require(WorkerPriority(text))
        #expect(priority.argument == text)
    }

    @Test(arguments: ["0", "20", "low", ""])
    func otherTextIsRefused(_ text: String) {
        #expect(WorkerPriority(text) == nil)
    }

    /// Batch at nice 12 (neither the default nor anything libdispatch picks), after a decode
    /// of a 4.3-megapixel JPEG, which the worker decodes on two threads.
    @Test func everyThreadOfTheWorkerRunsAtItsPriority() throws {
        let folder = try Fixtures.scratchFolder("priority")
        defer { try? FileManager.default.removeItem(at: folder) }
        var pixels = PixelBuffer(width: 2400, height: 1800, color: 0)
        for y in stride(from: 0, to: 1800, by: 3) {
            for x in stride(from: 0, to: 2400, by: 3) { pixels[x, y] = PixelBuffer.argb(UInt8(x & 0xFF), 90, 40) }
        }
        let url = folder.appendingPathComponent("large.jpg")
        try Data(try #require(JPEGEncoder.encode(pixels))).write(to: url)
        var configuration = WorkerBinary.decoder().configuration
        configuration.priority = .background(nice: 12)
        let decoder = IsolatedDecoder(configuration)
        defer { decoder.shutdown() }
        let request = DecodeRequest(
            path: url.path, output: Size(width: 480, height: 360), fit: .contain, background: .black)
        // Twice: threads libdispatch started during the first decode are set before the second.
        for _ in 0..<2 { _ = try decoder.decode(request) }
        let pid = try #require(decoder.workerProcessID)
        let threads = WorkerPriority.threads(of: pid)
        #expect(threads.count >= 2)
        let seen = threads.compactMap { WorkerPriority.observed(process: pid, thread: $0) }
        #expect(seen.count == threads.count)
        #expect(seen.allSatisfy { $0.policy == 3 && $0.nice == 12 })
    }
}
