import Foundation

/// A response body gathered in memory.
final class MemorySink: BodySink {
    private(set) var data = Data()

    func accept(_ bytes: UnsafeRawBufferPointer, status: Int, headers: [String: String]) -> Bool {
        data.append(contentsOf: bytes)
        return true
    }
}
