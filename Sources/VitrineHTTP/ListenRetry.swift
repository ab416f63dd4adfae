import Foundation
import Synchronization
import VitrineCore

/// Tries again, in the background, to start a listener that could not start (its port taken by
/// another program): every `interval` until it starts or is cancelled.
public final class ListenRetry: Sendable {
    private let stop = DispatchSemaphore(value: 0)
    private let cancelled = Flag()

    private final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }

    /// `attempt` returns true once the listener is up.
    public init(every interval: Seconds, name: String, _ attempt: @escaping @Sendable () -> Bool) {
        let thread = Thread { [stop, cancelled] in
            while stop.wait(timeout: .now() + interval.value) == .timedOut {
                if cancelled.value.load(ordering: .acquiring) || attempt() { return }
            }
        }
        thread.name = name
        thread.start()
    }

    public func cancel() {
        if !cancelled.value.exchange(true, ordering: .acquiringAndReleasing) { stop.signal() }
    }

    deinit { cancel() }
}

/// A listener that may start later: nil until it listens.
public final class ListenerSlot<Listener: Sendable>: Sendable {
    private let value = Mutex<Listener?>(nil)

    public init(_ listener: Listener? = nil) {
        value.withLock { $0 = listener }
    }

    public var listener: Listener? { value.withLock { $0 } }

    public func set(_ listener: Listener?) {
        value.withLock { $0 = listener }
    }
}
