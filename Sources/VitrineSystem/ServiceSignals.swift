import Glibc
import Synchronization

/// Signals received and not yet handled, one bit each. A C signal handler
/// cannot capture context, so this one atomic is the only shared state: the
/// handler sets a bit (lock-free, so safe inside a handler) and the play loop
/// takes the bits once a frame.
private let pendingSignals = Atomic<UInt32>(0)

/// What the service manager or the user asked for by signal.
public struct ServiceSignals: Equatable, Sendable {
    /// SIGTERM or SIGINT: save the position and exit 0.
    public var terminate = false
    /// SIGHUP: read the configuration and the sources again.
    public var reload = false

    public init(terminate: Bool = false, reload: Bool = false) {
        self.terminate = terminate
        self.reload = reload
    }

    public var isEmpty: Bool { !terminate && !reload }

    private static let terminateBit: UInt32 = 1
    private static let reloadBit: UInt32 = 2

    /// Installs handlers for SIGTERM, SIGINT and SIGHUP that only record the
    /// signal. Install before SDL starts: SDL then leaves them alone instead
    /// of turning SIGTERM into a quit event of its own.
    public static func install() {
        let handler: @convention(c) (Int32) -> Void = { signal in
            let bit: UInt32 = signal == SIGHUP ? 2 : 1
            pendingSignals.bitwiseOr(bit, ordering: .sequentiallyConsistent)
        }
        catching([(SIGTERM, handler), (SIGINT, handler), (SIGHUP, handler)])
    }

    /// Installs C handlers that only record a signal (interrupted calls resume, `SA_RESTART`) and
    /// unblocks their signals: a blocked mask is inherited across exec, and a parent that blocks them
    /// (some supervisors and test runners do) must not leave the process deaf to them.
    static func catching(_ handlers: [(signal: Int32, handler: @convention(c) (Int32) -> Void)]) {
        var unblock = sigset_t()
        // These calls fail only for a signal number that cannot be caught or a bad pointer: neither here.
        _ = sigemptyset(&unblock)
        for (signal, handler) in handlers {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handler
            _ = sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            _ = sigaction(signal, &action, nil)
            _ = sigaddset(&unblock, signal)
        }
        _ = pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// The signals received since the last call, clearing them.
    public static func take() -> ServiceSignals {
        let bits = pendingSignals.exchange(0, ordering: .sequentiallyConsistent)
        return ServiceSignals(terminate: bits & terminateBit != 0, reload: bits & reloadBit != 0)
    }
}
