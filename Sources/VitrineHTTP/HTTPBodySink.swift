import Foundation
import VitrineCore

/// Where a body goes as it arrives, for a request allowed to send one that is not kept in
/// memory (an upload streamed into files). Called on one server thread at a time.
public protocol HTTPBodySink: AnyObject, Sendable {
    /// Takes the next piece; an answer refuses the rest of the body (the connection closes).
    func write(_ bytes: UnsafeRawBufferPointer) -> HTTPResponse?
    /// The body ended whole: make the answer (on a worker thread).
    func finish() -> HTTPResponse
    /// The request ended without `finish` (refused, timed out, the client went away).
    func abandon()
}
