import Foundation
import Synchronization
import VitrineCore

/// Sign-in (and setup-code) attempts, per client address and from all addresses together.
/// An attempt is counted when it starts, before the password is hashed, under one lock: of any
/// number of concurrent tries, at most the limit are evaluated. A success takes its own count
/// and the client's earlier failures back.
final class LoginThrottle: Sendable {
    let limit: Int
    let window: Seconds
    let globalLimit: Int
    let globalWindow: Seconds
    /// Clients remembered at most; the table cannot grow without bound.
    let capacity: Int
    private let state = Mutex<(clients: [String: [Date]], all: [Date])>(([:], []))

    init(
        limit: Int = 5, window: Seconds = 60, globalLimit: Int = 20, globalWindow: Seconds = 300,
        capacity: Int = 1024
    ) {
        self.limit = limit
        self.window = window
        self.globalLimit = globalLimit
        self.globalWindow = globalWindow
        self.capacity = capacity
    }

    /// How long until `client` may try again (nil when it may now), counting nothing: a quick
    /// refusal from a request's head.
    func retryAfter(_ client: String, now: Date) -> Seconds? {
        state.withLock { state in Self.wait(&state, client, now, self) }
    }

    /// Counts an attempt of `client` when it may make one now (nil), else how long to wait.
    func reserve(_ client: String, now: Date) -> Seconds? {
        state.withLock { state in
            if let wait = Self.wait(&state, client, now, self) { return wait }
            if state.clients[client] == nil, state.clients.count >= capacity {
                state.clients = state.clients.filter {
                    ($0.value.last.map { now - $0 } ?? window) < window
                }
                if state.clients.count >= capacity, let any = state.clients.keys.first { state.clients[any] = nil }
            }
            state.clients[client, default: []].append(now)
            state.all.append(now)
            return nil
        }
    }

    /// The attempt reserved at `at` succeeded: it and the client's earlier failures go.
    func succeeded(_ client: String, at: Date) {
        state.withLock { state in
            state.clients[client] = nil
            if let index = state.all.lastIndex(of: at) { state.all.remove(at: index) }
        }
    }

    /// The attempt reserved at `at` was not made after all (the hash was busy, the form was
    /// refused before any secret was checked): only its own count goes.
    func release(_ client: String, at: Date) {
        state.withLock { state in
            if let index = state.clients[client]?.lastIndex(of: at) { state.clients[client]?.remove(at: index) }
            if state.clients[client]?.isEmpty == true { state.clients[client] = nil }
            if let index = state.all.lastIndex(of: at) { state.all.remove(at: index) }
        }
    }

    private static func wait(
        _ state: inout (clients: [String: [Date]], all: [Date]), _ client: String, _ now: Date,
        _ throttle: LoginThrottle
    ) -> Seconds? {
        state.all.removeAll { now - $0 >= throttle.globalWindow }
        let recent = (state.clients[client] ?? []).filter { now - $0 < throttle.window }
        state.clients[client] = recent.isEmpty ? nil : recent
        if recent.count >= throttle.limit, let oldest = recent.first {
            return max(1, throttle.window - (now - oldest))
        }
        if state.all.count >= throttle.globalLimit, let oldest = state.all.first {
            return max(1, throttle.globalWindow - (now - oldest))
        }
        return nil
    }
}
