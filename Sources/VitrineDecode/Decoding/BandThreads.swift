import Dispatch
import Synchronization

/// Runs the bands of a decode or a downscale at once: the calling thread takes the first band,
/// helper threads the others. The helpers are threads of this module's own, kept from call to call
/// and parked on a semaphore in between: an idle helper waits with no timeout, so a process at
/// rest is not woken by them.
///
/// libdispatch's pool is not used for this: on Linux the first thread it starts for a global queue
/// (`concurrentPerform` included) also starts a timer on its manager thread that checks the pool
/// once a second for the rest of the process's life, so a decode worker at rest woke every second.
///
/// A helper inherits the scheduling of the thread that starts it (policy and nice level), which in
/// the decode worker is the priority it was asked for.
enum BandThreads {
    /// Helpers kept at most: more callers at once than this run their extra bands themselves,
    /// one after the other (the cores are busy then anyway).
    static let maximumHelpers = 4

    private struct Pool {
        var idle: [Helper] = []
        var started = 0
    }
    private static let pool = Mutex(Pool())
    private static let cores = Cores.active

    /// Calls `body(band)` once for each band in 0..<`bands`, band 0 on the calling thread and the
    /// others on helpers at the same time; returns when all are done. On one core, or when no
    /// helper can be had, the calling thread runs them in turn. Bands must not wait on each other.
    static func run(_ bands: Int, _ body: (_ band: Int) -> Void) {
        guard bands > 1, cores >= 2 else {
            for band in 0..<max(bands, 0) { body(band) }
            return
        }
        withoutActuallyEscaping(body) { body in
            var busy: [Helper] = []
            var left: [Int] = []
            for band in 1..<bands {
                if let helper = take() {
                    helper.begin { body(band) }
                    busy.append(helper)
                } else {
                    left.append(band)
                }
            }
            body(0)
            for band in left { body(band) }
            for helper in busy {
                helper.waitUntilDone()
                give(back: helper)
            }
        }
    }

    /// The number of helper threads started so far (for tests).
    static var helperCount: Int { pool.withLock { $0.started } }

    private static func take() -> Helper? {
        enum Found {
            case idle(Helper)
            case startOne
            case none
        }
        let found = pool.withLock { pool -> Found in
            if let helper = pool.idle.popLast() { return .idle(helper) }
            guard pool.started < maximumHelpers else { return .none }
            pool.started += 1
            return .startOne
        }
        switch found {
        case .idle(let helper): return helper
        case .none: return nil
        case .startOne:
            // Started outside the lock.
            if let helper = Helper.start() { return helper }
            pool.withLock { $0.started -= 1 }
            return nil
        }
    }

    private static func give(back helper: Helper) {
        pool.withLock { $0.idle.append(helper) }
    }

    /// One helper thread and the band it is handed. The band is set before `wake` is signalled and
    /// cleared before `done` is: each semaphore orders the hand-over between the two threads.
    private final class Helper: @unchecked Sendable {
        private let wake = DispatchSemaphore(value: 0)
        private let done = DispatchSemaphore(value: 0)
        private var work: (() -> Void)?

        /// A helper waiting for its first band; nil when no thread can be made.
        static func start() -> Helper? {
            let helper = Helper()
            return DetachedThread.start { helper.serve() } == nil ? helper : nil
        }

        func begin(_ band: @escaping () -> Void) {
            work = band
            wake.signal()
        }

        func waitUntilDone() {
            done.wait()
        }

        private func serve() {
            while true {
                wake.wait()
                perform()
                done.signal()
            }
        }

        /// Runs the band and lets go of it before the caller is told (the caller's closure must
        /// not outlive its call).
        @inline(never)
        private func perform() {
            guard let band = work else { return }
            work = nil
            band()
        }
    }
}
