import Glibc
import Synchronization

/// Signals received and not yet handled, one bit each. A C signal handler
/// cannot capture context, so this one atomic is the only shared state: the
/// handler sets a bit (lock-free, so safe inside a handler) and the play loop
/// takes the bits once a frame.
private let pendingSignals = Atomic<UInt32>(0)
/// The write end of the pipe whose reader rings the play loop (`ringOnSignal`); -1 until then.
/// A write is safe inside a handler.
private let signalBell = Atomic<Int32>(-1)

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
            let bell = signalBell.load(ordering: .sequentiallyConsistent)
            guard bell >= 0 else { return }
            let saved = errno
            var byte: UInt8 = 1
            // A full pipe has a ring waiting already.
            _ = write(bell, &byte, 1)
            errno = saved
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

    /// Calls `ring`, on a thread of its own, after each signal `install` records: a loop resting
    /// on its events hears of it at once, whichever thread the kernel gave the signal to.
    /// Once per process; false when it cannot (no pipe or thread), or was done before.
    public static func ringOnSignal(_ ring: @escaping @Sendable () -> Void) -> Bool {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return false }
        let (reader, writer) = (ends[0], ends[1])
        let ready =
            fcntl(reader, F_SETFD, FD_CLOEXEC) == 0 && fcntl(writer, F_SETFD, FD_CLOEXEC) == 0
            && fcntl(writer, F_SETFL, O_NONBLOCK) == 0
        var started = false
        if ready {
            do {
                try WorkerThread.start {
                    var bytes = [UInt8](repeating: 0, count: 16)
                    while true {
                        let count = read(reader, &bytes, bytes.count)
                        if count > 0 {
                            ring()
                        } else if count < 0, errno == EINTR {
                            continue
                        } else {
                            return
                        }
                    }
                }
                started = true
            } catch {
                started = false
            }
        }
        guard started,
            signalBell.compareExchange(expected: -1, desired: writer, ordering: .sequentiallyConsistent).exchanged
        else {
            // The reader, if it started, sees the end of the pipe and returns.
            _ = close(writer)
            if !started { _ = close(reader) }
            return false
        }
        return true
    }

    /// The signals received since the last call, clearing them.
    public static func take() -> ServiceSignals {
        let bits = pendingSignals.exchange(0, ordering: .sequentiallyConsistent)
        return ServiceSignals(terminate: bits & terminateBit != 0, reload: bits & reloadBit != 0)
    }
}
