import Synchronization
import VitrineCore

/// The commands waiting for the frame loop, from every way in (MQTT, HTTP). Bounded: when the
/// loop is slow or a sender floods, newer commands are dropped and counted, memory stays flat,
/// and `take()` never waits on a network thread for longer than a short lock.
public final class CommandQueue: Sendable {
    /// How many commands are held at most.
    public let capacity: Int
    private let state: Mutex<State>
    /// Called after a command is queued, from the thread that queued it (wakes a resting loop).
    private let doorbell = Mutex<(@Sendable () -> Void)?>(nil)

    private struct State {
        var items: [RemoteRequest] = []
        var accepted = 0
        var dropped = 0
    }

    public init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
        state = Mutex(State())
    }

    /// Calls `ring` after each command queued from now on, on the thread that queued it.
    public func onOffer(_ ring: @escaping @Sendable () -> Void) {
        doorbell.withLock { $0 = ring }
    }

    /// Adds a command; false (and the command dropped) when the queue is full.
    public func offer(_ request: RemoteRequest) -> Bool {
        let taken = queue(request)
        if taken, let ring = doorbell.withLock({ $0 }) { ring() }
        return taken
    }

    private func queue(_ request: RemoteRequest) -> Bool {
        state.withLock { state in
            guard state.items.count < capacity else {
                state.dropped += 1
                return false
            }
            state.items.append(request)
            state.accepted += 1
            return true
        }
    }

    /// Everything waiting, oldest first, leaving the queue empty. Called once a frame.
    public func take() -> [RemoteCommand] {
        takeRequests().map(\.command)
    }

    /// Like `take()`, with each command's sender-given id.
    public func takeRequests() -> [RemoteRequest] {
        state.withLock { state in
            guard !state.items.isEmpty else { return [] }
            defer { state.items.removeAll(keepingCapacity: true) }
            return state.items
        }
    }

    /// Commands waiting now.
    public var count: Int { state.withLock { $0.items.count } }
    /// Commands queued since the start.
    public var accepted: Int { state.withLock { $0.accepted } }
    /// Commands dropped because the queue was full, since the start.
    public var dropped: Int { state.withLock { $0.dropped } }
}
