import Glibc

/// The cores online, at least 1: how many threads a decode splits into.
enum Cores {
    static let active: Int = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}

/// A mutual-exclusion lock over a pthread mutex, for state several decode threads share.
final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        // A default mutex cannot fail to initialise on Linux (no resources are allocated).
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A thread started for one job that ends with it (detached: nobody joins it; the job
/// says it is done through its own semaphore).
enum DetachedThread {
    private final class Job {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Starts `body` on a new thread; the error number when the thread cannot be made.
    static func start(_ body: @escaping () -> Void) -> Int32? {
        var attributes = pthread_attr_t()
        var status = pthread_attr_init(&attributes)
        guard status == 0 else { return status }
        defer { pthread_attr_destroy(&attributes) }
        status = pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        guard status == 0 else { return status }
        let job = Unmanaged.passRetained(Job(body)).toOpaque()
        var thread = pthread_t()
        status = pthread_create(
            &thread, &attributes,
            { context in
                // pthread_create hands back the pointer given below, never nil.
                guard let context else { return nil }
                let job = Unmanaged<Job>.fromOpaque(context).takeRetainedValue()
                job.body()
                return nil
            }, job)
        guard status == 0 else {
            Unmanaged<Job>.fromOpaque(job).release()
            return status
        }
        return nil
    }
}
