import Glibc

/// One end of the socket between the display process and a decode worker:
/// newline-terminated messages, reads with a deadline, writes that never
/// raise SIGPIPE.
final class WorkerChannel {
    let fd: Int32
    private var buffer: [UInt8] = []

    /// Why no message arrived.
    enum Failure: Error, Equatable {
        case timedOut
        case closed
        case failed(Int32)
    }

    /// Takes ownership of `fd` and closes it on deinit.
    init(fd: Int32) {
        self.fd = fd
    }

    deinit {
        close(fd)
    }

    /// Sends one message; `text` must not contain a newline.
    func send(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        bytes.append(0x0A)
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress.map { $0 + sent }, bytes.count - sent, Int32(MSG_NOSIGNAL))
            }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            sent += n
        }
        return true
    }

    /// The next message, waiting at most until `deadline` (monotonic seconds); nil waits forever.
    func receive(until deadline: Double?) -> Result<String, Failure> {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return .success(line)
            }
            if let deadline {
                let remaining = deadline - Monotonic.now()
                if remaining <= 0 { return .failure(.timedOut) }
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32(min(remaining * 1000 + 1, Double(Int32.max))))
                if ready < 0 {
                    if errno == EINTR { continue }
                    return .failure(.failed(errno))
                }
                if ready == 0 { continue }
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.failed(errno))
            }
            if n == 0 { return .failure(.closed) }
            buffer += chunk[0..<n]
            // A message has no business being this long: the peer is broken.
            if buffer.count > 1 << 20 { return .failure(.closed) }
        }
    }

    /// A connected pair of channels (close-on-exec).
    static func pair() -> (WorkerChannel, WorkerChannel)? {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            return nil
        }
        return (WorkerChannel(fd: fds[0]), WorkerChannel(fd: fds[1]))
    }
}

/// Seconds on the monotonic clock, for deadlines.
enum Monotonic {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
