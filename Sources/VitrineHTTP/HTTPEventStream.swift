import CMicroHTTPD
import Foundation
import Synchronization
import VitrineCore

/// One open stream of server-sent events (`text/event-stream`): a producer calls `send` from any
/// thread; the server writes what is pending when the client can take it. While nothing is
/// pending the connection is suspended (libmicrohttpd's suspend and resume), so an idle stream
/// holds no thread and costs no polling; `send` resumes it.
///
/// A stream counts against the server's connection limits like any connection, and against its
/// own limits on streams (`Configuration.streamLimit`, `streamsPerAddress`). The server sends a
/// comment line now and then (so a client gone away is found out) and ends a stream after
/// `streamSeconds` (a browser's `EventSource` opens it again by itself).
public final class HTTPEventStream: Sendable {
    /// The client's address, for the per-address limit.
    public let client: String
    let opened: MonotonicInstant
    private let state = Mutex<Pending>(Pending())
    private let closeActions = Mutex<[@Sendable () -> Void]>([])

    private struct Pending {
        var bytes = Data()
        var ended = false
        var closed = false
        /// The connection, once the answer is queued, and whether it waits suspended.
        var connection: UInt = 0
        var suspended = false
        var lastSent = MonotonicInstant.distantPast
    }

    init(client: String, now: MonotonicInstant) {
        self.client = client
        opened = now
        state.withLock { $0.lastSent = now }
    }

    /// Sends one event: `event` names it (the browser's `addEventListener(event, …)`), `data`
    /// is its text (a line break in it becomes another `data:` line, as the format wants).
    public func send(event: String, data: String) {
        var text = "event: \(event)\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        text += "\n"
        send(raw: Data(text.utf8))
    }

    /// Sends bytes as they are (a comment, a `retry:` line).
    public func send(raw: Data) {
        resume(
            state.withLock { pending in
                guard !pending.ended, !pending.closed else { return nil }
                // A client that does not read is not fed without end: past 1 MB waiting, the stream ends.
                if pending.bytes.count + raw.count > Self.pendingLimit {
                    pending.ended = true
                } else {
                    pending.bytes.append(raw)
                }
                return wake(&pending)
            })
    }

    /// Ends the stream once what is pending is sent.
    public func end() {
        resume(
            state.withLock { pending in
                pending.ended = true
                return wake(&pending)
            })
    }

    /// Whether the stream is still open (not ended by either side).
    public var isOpen: Bool { state.withLock { !$0.ended && !$0.closed } }

    /// Runs `action` once, when the connection has closed (at once if it already has).
    public func whenClosed(_ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { $0.closed }
        if now {
            action()
            return
        }
        closeActions.withLock { $0.append(action) }
        if state.withLock({ $0.closed }) { runCloseActions() }
    }

    /// The most bytes waiting for a slow client before its stream is ended.
    static let pendingLimit = 1 << 20

    /// The connection to resume if it waits (marked as no longer waiting under the lock, so one
    /// suspension is resumed once); resumed after the lock is let go, so libmicrohttpd's own
    /// lock is never taken under ours. A suspended connection cannot close meanwhile.
    private func wake(_ pending: inout Pending) -> OpaquePointer? {
        guard pending.suspended, let connection = OpaquePointer(bitPattern: pending.connection) else { return nil }
        pending.suspended = false
        return connection
    }

    private func resume(_ connection: OpaquePointer?) {
        if let connection { MHD_resume_connection(connection) }
    }

    // MARK: The server's side

    func attach(_ connection: OpaquePointer) {
        state.withLock { $0.connection = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))) }
    }

    /// Libmicrohttpd asks for the next bytes (on its event thread): what is pending, the end,
    /// or nothing yet (then the connection is suspended until `send`).
    func read(into buffer: UnsafeMutablePointer<CChar>, max: Int, now: MonotonicInstant) -> Int {
        state.withLock { pending in
            if !pending.bytes.isEmpty {
                let count = min(max, pending.bytes.count)
                pending.bytes.withUnsafeBytes { raw in
                    if let base = raw.baseAddress { memcpy(buffer, base, count) }
                }
                pending.bytes.removeFirst(count)
                pending.bytes = Data(pending.bytes)
                pending.lastSent = now
                return count
            }
            if pending.ended { return -1 }  // MHD_CONTENT_READER_END_OF_STREAM
            guard let connection = OpaquePointer(bitPattern: pending.connection) else { return 0 }
            pending.suspended = true
            MHD_suspend_connection(connection)
            return 0
        }
    }

    /// How long since anything was last written.
    func quietFor(now: MonotonicInstant) -> Seconds { now - state.withLock { $0.lastSent } }

    /// The connection is gone: nothing more is sent, and the close actions run.
    func closed() {
        state.withLock {
            $0.closed = true
            $0.connection = 0
            $0.suspended = false
        }
        runCloseActions()
    }

    private func runCloseActions() {
        let actions = closeActions.withLock { actions in
            defer { actions = [] }
            return actions
        }
        for action in actions { action() }
    }
}
