import Foundation
import Synchronization
import VitrineCore

/// Signed-in browsers: a random session token (the cookie) and its CSRF token, in memory only.
final class SessionStore: Sendable {
    struct Session: Sendable {
        var csrf: String
        var lastSeen: Date
    }

    /// A session unused this long ends.
    let idleLifetime: Seconds
    /// At most this many sessions; the least recently used one goes first.
    let capacity: Int
    private let sessions = Mutex<[String: Session]>([:])

    init(idleLifetime: Seconds = Seconds(7 * 24 * 3600), capacity: Int = 32) {
        self.idleLifetime = idleLifetime
        self.capacity = capacity
    }

    /// Starts a session; returns its token and CSRF token.
    func create(now: Date) -> (token: String, csrf: String) {
        let token = Sodium.token()
        let csrf = Sodium.token()
        sessions.withLock { table in
            table = table.filter { now - $0.value.lastSeen < idleLifetime }
            while table.count >= capacity, let oldest = table.min(by: { $0.value.lastSeen < $1.value.lastSeen }) {
                table[oldest.key] = nil
            }
            table[token] = Session(csrf: csrf, lastSeen: now)
        }
        return (token, csrf)
    }

    /// The session of a token, when it is live; marks it used.
    func session(_ token: String?, now: Date) -> Session? {
        guard let token, !token.isEmpty else { return nil }
        return sessions.withLock { table in
            guard var session = table[token] else { return nil }
            guard now - session.lastSeen < idleLifetime else {
                table[token] = nil
                return nil
            }
            session.lastSeen = now
            table[token] = session
            return session
        }
    }

    func end(_ token: String?) {
        guard let token else { return }
        _ = sessions.withLock { $0.removeValue(forKey: token) }
    }

    /// Ends every session (after a password change).
    func endAll() {
        sessions.withLock { $0.removeAll() }
    }
}
