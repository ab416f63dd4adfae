import Glibc

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
