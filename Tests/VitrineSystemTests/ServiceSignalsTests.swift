import Foundation
import Glibc
import Testing
import VitrineSystem

@Suite("Service signals")
struct ServiceSignalsTests {
    /// Sends `signals` to this process and collects the flags until `expected` is
    /// seen or 10 s pass: a process-directed signal runs its handler on whichever
    /// thread does not block it, so it may land a moment later.
    func deliver(_ signals: [Int32], expecting expected: ServiceSignals) -> ServiceSignals {
        for signal in signals { kill(getpid(), signal) }
        var seen = ServiceSignals()
        let deadline = Date().addingTimeInterval(10)
        while seen != expected, Date() < deadline {
            let taken = ServiceSignals.take()
            seen.terminate = seen.terminate || taken.terminate
            seen.reload = seen.reload || taken.reload
            sched_yield()
        }
        return seen
    }

    @Test("SIGHUP asks for a reload, SIGTERM for a stop, and taking clears them")
    func signalsBecomeFlags() {
        ServiceSignals.install()
        // Back to the defaults afterwards, so Ctrl+C and SIGTERM still end the test run.
        defer { [SIGTERM, SIGINT, SIGHUP].forEach { signal($0, SIG_DFL) } }
        _ = ServiceSignals.take()
        #expect(deliver([SIGHUP], expecting: ServiceSignals(reload: true)) == ServiceSignals(reload: true))
        #expect(ServiceSignals.take().isEmpty)
        let both = ServiceSignals(terminate: true, reload: true)
        #expect(deliver([SIGTERM, SIGHUP], expecting: both) == both)
        #expect(ServiceSignals.take().isEmpty)
    }
}
