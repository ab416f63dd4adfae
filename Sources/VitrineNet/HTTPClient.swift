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
