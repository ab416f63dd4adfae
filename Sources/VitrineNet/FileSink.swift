import Foundation

/// A response body written to a file, resumed at an offset when the server sends that range.
final class FileSink: BodySink {
    private let handle: FileHandle
    private let offset: Int64
    private var started = false
    private(set) var problem: TransferFailure?

    init(path: String, offset: Int64) throws {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw TransferFailure.local("cannot create \(path)")
            }
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        self.offset = offset
    }

    func accept(_ bytes: UnsafeRawBufferPointer, status: Int, headers: [String: String]) -> Bool {
        do {
            if !started {
                started = true
                if status == 206 {
                    // Only the range asked for may be appended to what is on disk.
                    guard Self.rangeStart(headers["content-range"]) == offset else {
                        problem = .interrupted("the server sent another range than asked for")
                        return false
                    }
                    try handle.truncate(atOffset: UInt64(offset))
                    try handle.seek(toOffset: UInt64(offset))
                } else {
                    try handle.truncate(atOffset: 0)
                }
            }
            try handle.write(contentsOf: Data(bytes))
            return true
        } catch {
            problem = .local("write failed: \(error)")
            return false
        }
    }

    func close() {
        try? handle.close()
    }

    /// `bytes 100-199/200` → 100.
    static func rangeStart(_ header: String?) -> Int64? {
        guard let header, let unit = header.range(of: "bytes ") else { return nil }
        let rest = header[unit.upperBound...]
        return Int64(rest.prefix { $0.isNumber })
    }
}
