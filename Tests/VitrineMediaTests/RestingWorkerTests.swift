import Foundation
import Testing
import VitrineCore
import VitrineMedia
import VitrineTestSupport

/// The decode worker at rest costs nothing: once it has answered, every one of its threads waits
/// without a timeout, so none wakes until the next request (libdispatch's pool, once used, kept a
/// timer that woke it every second for the rest of its life).
@Suite struct RestingWorkerTests {
    /// The number `/proc/<pid>/task/<tid>/syscall` gives `recvfrom`, in which the worker waits for
    /// its next request.
    #if arch(x86_64)
        static let recvfrom = 45
    #elseif arch(arm64)
        static let recvfrom = 207
    #endif

    /// Context switches of all the threads of process `pid` so far, voluntary or not.
    static func contextSwitches(_ pid: Int32) -> Int {
        var total = 0
        for thread in WorkerPriority.threads(of: pid) {
            let status = readProcFile("/proc/\(pid)/task/\(thread)/status") ?? ""
            // voluntary_ctxt_switches and nonvoluntary_ctxt_switches.
            for line in status.split(separator: "\n") where line.contains("ctxt_switches:") {
                total += line.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
            }
        }
        return total
    }

    /// True when the worker's first thread waits for a request on its channel (descriptor 3): it
    /// has answered, trimmed its memory and given back its file pages.
    static func waitsForARequest(_ pid: Int32) -> Bool {
        guard let text = readProcFile("/proc/\(pid)/task/\(pid)/syscall") else { return false }
        let fields = text.split(separator: " ")
        return fields.count > 1 && Int(fields[0]) == recvfrom && fields[1] == "0x3"
    }

    /// After decoding a 4.3-megapixel JPEG (on two threads), the worker's threads switch at most
    /// once in 3 s at rest, all of them together.
    @Test func aWorkerAtRestDoesNotWake() throws {
        let folder = try Fixtures.scratchFolder("resting")
        defer { try? FileManager.default.removeItem(at: folder) }
        var pixels = PixelBuffer(width: 2400, height: 1800, color: 0)
        for y in stride(from: 0, to: 1800, by: 3) {
            for x in stride(from: 0, to: 2400, by: 3) { pixels[x, y] = PixelBuffer.argb(UInt8(x & 0xFF), 90, 40) }
        }
        let url = folder.appendingPathComponent("large.jpg")
        try Data(try #require(JPEGEncoder.encode(pixels))).write(to: url)
        let decoder = WorkerBinary.decoder()
        defer { decoder.shutdown() }
        let request = DecodeRequest(
            path: url.path, output: Size(width: 480, height: 360), fit: .contain, background: .black)
        let decoded = try decoder.decode(request)
        let pid = try #require(decoder.workerProcessID)
        #expect(eventually(timeout: 30) { Self.waitsForARequest(pid) })
        // A measurement window of 3 s on the clock, not a wait for something to happen: the
        // count over it is what is asserted.
        let before = Self.contextSwitches(pid)
        let end = Date().addingTimeInterval(3)
        while Date() < end { usleep(UInt32(max(1000, end.timeIntervalSinceNow * 1_000_000))) }
        let after = Self.contextSwitches(pid)
        #expect(after - before <= 1, "the worker's threads switched \(after - before) times in 3 s at rest")
        #expect(Self.waitsForARequest(pid))
        // And it still decodes.
        #expect(try decoder.decode(request) == decoded)
    }
}
