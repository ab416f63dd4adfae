import Glibc
import VitrineBase
import VitrinePOSIX

/// One end of the socket between the display process and a decode worker:
/// newline-terminated messages, reads with a deadline, writes that never
/// raise SIGPIPE.
final class WorkerChannel {
    private let descriptor: FileDescriptor
    private var buffer: [UInt8] = []

    /// Why no message arrived.
    enum Failure: Error, Equatable {
        case timedOut
        case closed
        case failed(Errno)
    }

    /// Takes ownership of `descriptor`; it is closed with the channel.
    init(_ descriptor: consuming FileDescriptor) {
        self.descriptor = descriptor
    }

    /// A copy of the descriptor numbered `lowest` or above, for handing to the worker; this one
    /// stays the channel's.
    func duplicate(atLeast lowest: Int32) throws(Errno) -> FileDescriptor {
        try descriptor.duplicate(atLeast: lowest)
    }

    /// Sends one message; `text` must not contain a newline. False when the peer is gone.
    func send(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        bytes.append(0x0A)
        let fd = descriptor.rawValue
        var sent = 0
        do throws(Errno) {
            while sent < bytes.count {
                sent += try Errno.check {
                    bytes.withUnsafeBytes { raw in
                        Glibc.send(fd, raw.baseAddress.map { $0 + sent }, raw.count - sent, Int32(MSG_NOSIGNAL))
                    }
                }
            }
            return true
        } catch {
            return false
        }
    }

    /// The next message, waiting at most until `deadline`; nil waits forever.
    func receive(until deadline: MonotonicInstant?) -> Result<String, Failure> {
        let fd = descriptor.rawValue
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return .success(line)
            }
            do throws(Errno) {
                if let deadline {
                    let remaining = deadline - MonotonicInstant.now()
                    if remaining <= .zero { return .failure(.timedOut) }
                    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    let timeout = Int32(min(remaining.milliseconds + 1, Double(Int32.max)))
                    if try Errno.check({ poll(&poller, 1, timeout) }) == 0 { continue }
                }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let n = try Errno.check { chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) } }
                if n == 0 { return .failure(.closed) }
                buffer += chunk[0..<n]
            } catch {
                return .failure(.failed(error))
            }
            // A message has no business being this long: the peer is broken.
            if buffer.count > 1 << 20 { return .failure(.closed) }
        }
    }

    /// A connected pair of channels (close-on-exec).
    static func pair() throws(Errno) -> (WorkerChannel, WorkerChannel) {
        var fds: [Int32] = [-1, -1]
        _ = try Errno.check {
            socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds)
        }
        return (WorkerChannel(FileDescriptor(owning: fds[0])), WorkerChannel(FileDescriptor(owning: fds[1])))
    }
}
