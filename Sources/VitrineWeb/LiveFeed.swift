import Foundation
import Synchronization
import VitrineHTTP

/// The Now page's live streams: each open one gets the show's state (with the number of the
/// screen's picture) when it opens and again each time it changes in a way a person would see.
/// A stream whose session has ended (signed out, password changed, expired) is closed at the
/// next change or when its session is ended here.
final class LiveFeed: Sendable {
    private struct Listener {
        var stream: HTTPEventStream
        var session: String
    }

    private let listeners = Mutex<[ObjectIdentifier: Listener]>([:])
    /// The last message sent, so a repeat is not sent again.
    private let last = Mutex<String?>(nil)
    private let message: @Sendable () -> String
    private let stillSignedIn: @Sendable (String) -> Bool

    init(message: @escaping @Sendable () -> String, stillSignedIn: @escaping @Sendable (String) -> Bool) {
        self.message = message
        self.stillSignedIn = stillSignedIn
    }

    /// A new stream of `session`: it gets the state now.
    func add(_ stream: HTTPEventStream, session: String) {
        let id = ObjectIdentifier(stream)
        listeners.withLock { $0[id] = Listener(stream: stream, session: session) }
        stream.whenClosed { [weak self] in _ = self?.listeners.withLock { $0.removeValue(forKey: id) } }
        stream.send(event: "state", data: message())
    }

    /// The show changed: every stream gets the new state, unless it is the same as the last sent.
    func changed() {
        let text = message()
        let fresh = last.withLock { last in
            defer { last = text }
            return last != text
        }
        guard fresh else { return }
        for listener in listeners.withLock({ Array($0.values) }) {
            if stillSignedIn(listener.session) {
                listener.stream.send(event: "state", data: text)
            } else {
                listener.stream.end()
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
