import Foundation
import VitrineCore

/// What a service decides from a request's head alone, before any body byte is read.
public enum HTTPAdmission: Sendable {
    /// Answer now; the body (if any) is never read and the connection is closed after.
    case respond(HTTPResponse)
    /// Read at most `limit` bytes of body into memory within `seconds` (413 past the limit,
    /// the connection closed past the time), then `answer` on a worker thread.
    case buffer(limit: Int, seconds: Seconds, answer: @Sendable (Data) -> HTTPResponse)
    /// The same, but `answer` is made at once on the event thread that read the body, not queued
    /// for a worker: for a small answer that costs next to nothing and must not wait behind
    /// others (a command to the show, whose effect a person watches for).
    case quick(limit: Int, seconds: Seconds, answer: @Sendable (Data) -> HTTPResponse)
    /// Hand the body to `sink` as it arrives, within `seconds`.
    case stream(any HTTPBodySink, seconds: Seconds)
    /// Answer with a stream of server-sent events (a request without a body): `open` is
    /// called once with the stream, after its head is queued; past the server's limits on
    /// streams the answer is a 503 instead and `open` is never called.
    case events(headers: [(name: String, value: String)], open: @Sendable (HTTPEventStream) -> Void)
}
