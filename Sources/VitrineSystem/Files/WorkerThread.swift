import VitrinePOSIX

#if canImport(Glibc)
    import Glibc
#endif

/// Why a thread could not be started: the system's message (a thread or memory limit).
public struct ThreadStartError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
}

/// Starts a detached POSIX thread with a small stack and a checked result, for work the
/// player must not wait on forever: where libdispatch, finding no thread to be had (an
/// address-space limit, say), retries in a loop without end, this fails at once and says why.
public enum WorkerThread {
    /// A stack is address space: 512 KB, where the system's default is 8 MB.
    public static let stackBytes = 512 * 1024

    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Runs `body` on a new detached thread.
    public static func start(_ body: @escaping @Sendable () -> Void) throws(ThreadStartError) {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else {
            throw ThreadStartError(description: "cannot start a thread: no memory for its attributes")
        }
        defer { pthread_attr_destroy(&attributes) }
        var code = pthread_attr_setstacksize(&attributes, stackBytes)
        if code == 0 { code = pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
        guard code == 0 else {
            throw ThreadStartError(description: "cannot start a thread: \(Errno(rawValue: code))")
        }
        let box = Unmanaged.passRetained(Box(body))
        var thread = pthread_t()
        code = pthread_create(
            &thread, &attributes,
            { raw in
                guard let raw else { return nil }
                let box = Unmanaged<Box>.fromOpaque(raw).takeRetainedValue()
                box.body()
                return nil
            }, box.toOpaque())
        guard code == 0 else {
            box.release()
            let why = code == EAGAIN ? "the thread or memory limit is reached" : Errno(rawValue: code).description
            throw ThreadStartError(description: "cannot start a thread: \(why)")
        }
    }
}
