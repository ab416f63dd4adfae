#if canImport(Glibc)
    import Glibc
#endif

/// An error number from a system call, with the system's message: what every call into the C
/// library that reports through `errno` (or returns an error number, as pthreads and the kernel's
/// ioctl shims do) throws or says.
public struct Errno: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The calling thread's `errno`, read at once (before anything else can change it).
    public static var current: Errno { Errno(rawValue: errno) }

    /// The system's message ("No such file or directory"). glibc's `strerror` is thread-safe
    /// since 2.32 (an unknown number is written into a buffer of the calling thread), and the text
    /// is copied before it returns.
    public var description: String {
        guard let text = strerror(rawValue) else { return "error \(rawValue)" }
        return String(cString: text)
    }

    public static let interrupted = Errno(rawValue: EINTR)
    public static let tryAgain = Errno(rawValue: EAGAIN)
    public static let busy = Errno(rawValue: EBUSY)
    public static let noSuchFile = Errno(rawValue: ENOENT)
    public static let exists = Errno(rawValue: EEXIST)
    public static let permissionDenied = Errno(rawValue: EACCES)
    public static let notPermitted = Errno(rawValue: EPERM)
    public static let invalidArgument = Errno(rawValue: EINVAL)
    public static let readOnlyFileSystem = Errno(rawValue: EROFS)
    public static let addressInUse = Errno(rawValue: EADDRINUSE)
    public static let notOnNetwork = Errno(rawValue: ENONET)
    public static let noSuchProcess = Errno(rawValue: ESRCH)

    /// Runs a call that returns -1 and sets `errno` on failure, again while it is interrupted by a
    /// signal; its result, or the error.
    public static func check<Result: FixedWidthInteger>(
        retryingOnInterrupt: Bool = true, _ call: () -> Result
    ) throws(Errno) -> Result {
        while true {
            let result = call()
            guard result == -1 else { return result }
            let error = Errno.current
            if retryingOnInterrupt, error == .interrupted { continue }
            throw error
        }
    }

    /// Checks a call that returns 0 or an error number itself (pthreads, `posix_spawn`).
    public static func checkReturned(_ code: Int32) throws(Errno) {
        guard code == 0 else { throw Errno(rawValue: code) }
    }
}
