import Foundation
import Synchronization
import VitrineCore
import VitrineHTTP

/// The Now page's live streams: each open one gets the show's state (with the number of the
/// screen's picture) when it opens and again each time it changes in a way a person would see.
/// A stream whose session has ended (signed out, password changed, expired) is closed at the
/// next change or when its session is ended here.
final class LiveFeed: Sendable {
    private struct Listener {
        var stream: HTTPEventStream
        var session: String
        /// The width its picture is wanted at (device pixels), and the number of the last one sent.
        var width: Int?
        var frameSent = 0
    }

    private let listeners = Mutex<[ObjectIdentifier: Listener]>([:])
    /// Held while a stream is opened or the streams are told of a change, so what one stream
    /// gets is never older than what it got before: without it, a stream opening while the
    /// picture changes could get the new picture and then the old one, and keep the old one
    /// on the page until the screen next changed.
    private let order = Mutex<Void>(())
    /// The last message sent, so a repeat is not sent again.
    private let last = Mutex<String?>(nil)
    private let message: @Sendable () -> String
    private let frame: @Sendable (Int?) -> EncodedImage?
    private let stillSignedIn: @Sendable (String) -> Bool

    init(
        message: @escaping @Sendable () -> String, frame: @escaping @Sendable (Int?) -> EncodedImage?,
        stillSignedIn: @escaping @Sendable (String) -> Bool
    ) {
        self.message = message
        self.frame = frame
        self.stillSignedIn = stillSignedIn
    }

    /// A new stream of `session` that wants pictures `width` pixels wide: it gets the state and
    /// the picture now.
    func add(_ stream: HTTPEventStream, session: String, width: Int?) {
        let id = ObjectIdentifier(stream)
        order.withLock { _ in
            listeners.withLock { $0[id] = Listener(stream: stream, session: session, width: width) }
            stream.send(event: "state", data: message())
            sendFrame(id)
        }
        stream.whenClosed { [weak self] in _ = self?.listeners.withLock { $0.removeValue(forKey: id) } }
    }

    /// The screen's picture, in the stream itself (no second request), when it is newer than the
    /// last one this stream got: `{"frame":N,"type":…,"data":base64}`. Called with `order` held.
    private func sendFrame(_ id: ObjectIdentifier) {
        guard let listener = listeners.withLock({ $0[id] }), let image = frame(listener.width),
            image.number > listener.frameSent
        else { return }
        listeners.withLock { $0[id]?.frameSent = image.number }
        listener.stream.send(
            event: "frame",
            data: JSONOutput.object([
                ("frame", .integer(image.number)), ("type", .string(image.type)),
                ("data", .string(image.bytes.base64EncodedString())),
            ]).rendered
        )
    }

    /// The show changed: every stream gets the new state, unless it is the same as the last sent.
    func changed() {
        order.withLock { _ in
            let text = message()
            let fresh = last.withLock { last in
                defer { last = text }
                return last != text
            }
            for (id, listener) in listeners.withLock({ Array($0) }) {
                guard stillSignedIn(listener.session) else {
                    listener.stream.end()
                    continue
                }
                if fresh { listener.stream.send(event: "state", data: text) }
                sendFrame(id)
            }
        }
    }

    /// Ends the streams whose session is over (after a sign-out or a password change).
    func pruneEndedSessions() {
        for listener in listeners.withLock({ Array($0.values) }) where !stillSignedIn(listener.session) {
            listener.stream.end()
        }
    }

    /// Streams open now.
    var count: Int { listeners.withLock { $0.count } }
}
