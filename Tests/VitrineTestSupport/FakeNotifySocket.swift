import Foundation
import Glibc

/// A stand-in for systemd's notification socket: a Unix datagram socket bound
/// in a temporary folder that records what is sent to it, with the sender's
/// process id (the kernel attaches it), so messages from other processes
/// running at the same time can be told apart.
public final class FakeNotifySocket {
    public let path: String
    private let folder: String
    private let fd: Int32

    /// One datagram: its lines and who sent it.
    public struct Datagram {
        public var sender: Int32
        public var lines: [String]
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public init() throws {
        var template = Array("/tmp/vitrine-notify-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw Failure(description: "mkdtemp failed")
        }
        folder = String(cString: made)
        path = folder + "/notify"
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in bytes.enumerated() { raw[i] = byte }
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw Failure(description: "bind \(path) failed: errno \(errno)") }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_PASSCRED, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit {
        close(fd)
        unlink(path)
        rmdir(folder)
    }

    /// The next datagram, waiting up to `timeout` seconds for one; nil when none came.
    public func receive(timeout: Double) -> Datagram? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var control = [UInt8](repeating: 0, count: 256)
        return buffer.withUnsafeMutableBytes { data -> Datagram? in
            control.withUnsafeMutableBytes { controlBytes -> Datagram? in
                var vector = iovec(iov_base: data.baseAddress, iov_len: data.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer -> Datagram? in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBytes.baseAddress
                    message.msg_controllen = controlBytes.count
                    let n = recvmsg(fd, &message, Int32(MSG_DONTWAIT))
                    guard n >= 0 else { return nil }
                    let text = String(decoding: data.prefix(n), as: UTF8.self)
                    return Datagram(
                        sender: Self.sender(of: message), lines: text.split(separator: "\n").map(String.init))
                }
            }
        }
    }

    /// Receives until a datagram from `sender` has a line equal to `line`, or
    /// `timeout` seconds pass. Returns every line `sender` sent meanwhile, and whether the line came.
    public func wait(for line: String, from sender: Int32, timeout: Double) -> (lines: [String], found: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var lines: [String] = []
        while Date() < deadline {
            guard let datagram = receive(timeout: deadline.timeIntervalSinceNow) else { continue }
            guard datagram.sender == sender else { continue }
            lines += datagram.lines
            if datagram.lines.contains(line) { return (lines, true) }
        }
        return (lines, false)
    }

    /// The sending process's id from the SCM_CREDENTIALS control message; 0 when absent.
    private static func sender(of message: msghdr) -> Int32 {
        guard let control = message.msg_control,
            message.msg_controllen >= MemoryLayout<cmsghdr>.size + 12
        else { return 0 }
        let header = control.load(as: cmsghdr.self)
        // SCM_CREDENTIALS is 2; Glibc hides its name (and struct ucred) behind _GNU_SOURCE.
        guard header.cmsg_level == SOL_SOCKET, header.cmsg_type == 2 else { return 0 }
        // The data follows the header, aligned to the size of a size_t (CMSG_DATA).
        let align = MemoryLayout<Int>.size
        let offset = (MemoryLayout<cmsghdr>.size + align - 1) / align * align
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }
        return control.loadUnaligned(fromByteOffset: offset, as: Int32.self)
    }
}
