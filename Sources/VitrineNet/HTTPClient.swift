import Foundation

/// Blocking HTTP calls over `CurlEasy`, for the mirror's worker threads.
struct HTTPClient: Sendable {
    /// The body of `request` in memory (bounded by `request.maximumBytes`, checked while it arrives).
    func data(_ request: HTTPRequest, observer: TransferObserver? = nil) -> (HTTPResponse, Data) {
        let sink = MemorySink()
        guard let easy = try? CurlEasy() else {
            return (HTTPResponse(failure: .other("libcurl could not be initialised")), Data())
        }
        let response = easy.perform(request, into: sink, observer: observer)
        return (response, sink.data)
    }

    /// The body of `request` written to `path`: appended from `request.resumeFrom` when the server
    /// answers 206 with that offset, written from the start when it answers 200.
    func download(_ request: HTTPRequest, to path: String, observer: TransferObserver?) -> HTTPResponse {
        let sink: FileSink
        do {
            sink = try FileSink(path: path, offset: request.resumeFrom)
        } catch {
            return HTTPResponse(failure: .local("cannot write \(path): \(error)"))
        }
        guard let easy = try? CurlEasy() else {
            return HTTPResponse(failure: .other("libcurl could not be initialised"))
        }
        var response = easy.perform(request, into: sink, observer: observer)
        sink.close()
        if response.failure == nil, let problem = sink.problem { response.failure = problem }
        return response
    }
}

/// A response body gathered in memory.
final class MemorySink: BodySink {
    private(set) var data = Data()

    func accept(_ bytes: UnsafeRawBufferPointer, status: Int, headers: [String: String]) -> Bool {
        data.append(contentsOf: bytes)
        return true
    }
}

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
