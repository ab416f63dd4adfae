import CMicroHTTPD
import Foundation
import Glibc
import VitrineCore

/// Opens an event stream answered from the head: the limits on streams first (nothing is sent
/// past them but a 503), then the answer's head, then the service's `open`.
func openEventStream(
    _ core: ServerCore, _ connection: OpaquePointer, _ head: HTTPHead,
    headers: [(name: String, value: String)], open: @Sendable (HTTPEventStream) -> Void
) -> MHD_Result {
    let configuration = core.configuration
    let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    let stream = HTTPEventStream(client: head.client, now: .now())
    let refusal: String? = core.streams.withLock { streams in
        if core.stopping.load(ordering: .sequentiallyConsistent) { return "the server is stopping" }
        if streams.count >= configuration.streamLimit { return "too many live pages are open; close one" }
        if streams.values.filter({ $0.client == head.client }).count >= configuration.streamsPerAddress {
            return "too many live pages are open from this address; close one"
        }
        streams[key] = stream
        return nil
    }
    if let refusal {
        var answer = HTTPResponse.plainError(503, refusal)
        answer.headers.append(("Retry-After", "10"))
        return send(connection, answer)
    }
    stream.attach(connection)
    let context = Unmanaged.passRetained(StreamContext(stream: stream, core: core, key: key)).toOpaque()
    guard
        let response = MHD_create_response_from_callback(
            UInt64.max, 4096, streamReader, context, streamFreed)  // MHD_SIZE_UNKNOWN
    else {
        Unmanaged<StreamContext>.fromOpaque(context).release()
        _ = core.streams.withLock { $0.removeValue(forKey: key) }
        return .NO
    }
    defer { MHD_destroy_response(response) }
    let fixed: [(String, String)] = [
        ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"), ("X-Accel-Buffering", "no"),
    ]
    // As in `send`: a stream without one of its headers is not opened (destroying the response
    // frees the context and forgets the stream, as when it cannot be queued).
    for (name, value) in fixed + headers.map({ ($0.name, $0.value) })
    where MHD_add_response_header(response, name, value) != .YES {
        return .NO
    }
    if vitrine_mhd_no_timeout(connection) != .YES {
        core.log.debug("\(configuration.name): an event stream keeps the idle time limit")
    }
    // The watchdog ends it after its time; a client that stops reading is shut down a little later.
    core.setDeadline(connection, configuration.streamSeconds + configuration.answerSeconds)
    let queued = MHD_queue_response(connection, 200, response)
    guard queued == .YES else { return queued }
    // The browser waits a second before it opens a closed stream again.
    stream.send(raw: Data("retry: 1000\n\n".utf8))
    open(stream)
    return .YES
}

/// What libmicrohttpd holds for one stream's answer.
private final class StreamContext {
    let stream: HTTPEventStream
    let core: ServerCore
    let key: UInt

    init(stream: HTTPEventStream, core: ServerCore, key: UInt) {
        self.stream = stream
        self.core = core
        self.key = key
    }
}

private let streamReader: MHD_ContentReaderCallback = { context, _, buffer, max in
    guard let context, let buffer else { return -1 }
    let holder = Unmanaged<StreamContext>.fromOpaque(context).takeUnretainedValue()
    return holder.stream.read(into: buffer, max: max, now: .now())
}

private let streamFreed: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    let holder = Unmanaged<StreamContext>.fromOpaque(context).takeRetainedValue()
    _ = holder.core.streams.withLock { $0.removeValue(forKey: holder.key) }
    holder.stream.closed()
}

extension ServerCore {
    /// Once a second: a comment on streams quiet for a while (a client gone away is found out
    /// when it cannot be written), the end of streams past their time.
    func tendStreams() {
        let now = MonotonicInstant.now()
        let open = streams.withLock { Array($0.values) }
        for stream in open {
            if now - stream.opened >= configuration.streamSeconds {
                stream.end()
            } else if stream.quietFor(now: now) >= configuration.streamKeepAlive {
                stream.send(raw: Data(":\n\n".utf8))
            }
        }
    }

    /// The server stops: every stream ends (and is resumed, so none waits suspended).
    func endStreams() {
        for stream in streams.withLock({ Array($0.values) }) { stream.end() }
    }
}
