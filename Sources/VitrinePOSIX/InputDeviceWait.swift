#if canImport(Glibc)
    import Glibc
#endif

/// Sleeps until an input device has something to read, the loop's bell rings, a device comes
/// or goes, or a time passes: the rest of a display driver that has no wait of its own (SDL's
/// KMS/DRM driver polls its devices, so without this the loop would look every few
/// milliseconds). It opens the `event*` devices of a folder (`/dev/input`) a second time,
/// read-only and without grabbing them: each open gets its own copy of the events, so what it
/// reads and throws away is still there for the toolkit that reads them.
///
/// Use: `drain()`, then let the toolkit take what it has queued, then `wait(for:)` only if it
/// had nothing. An event that comes after the drain makes the wait return at once.
public final class InputDeviceWait {
    /// Why a wait ended.
    public enum Wake: Equatable, Sendable {
        /// A device has events (or came or went), or the bell rang.
        case event
        /// The time passed.
        case timeout
        /// A signal came.
        case interrupted
    }

    /// The folder the devices are in.
    public let folder: String
    /// Devices held open, by name (`event3`).
    private var devices: [String: Int32] = [:]
    /// Tells when a device comes or goes (its node made, its permissions set by udev, removed).
    private let arrivals: Int32
    /// More than this many devices are not watched (their events wake the loop at its next deadline).
    static let deviceLimit = 64

    /// Watches the devices in `folder`; throws when the folder cannot be watched.
    public init(folder: String = "/dev/input") throws(Errno) {
        self.folder = folder
        arrivals = try Errno.check { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MOVED_TO | IN_MOVED_FROM) | UInt32(IN_ONLYDIR)
        do {
            _ = try Errno.check { inotify_add_watch(arrivals, folder, mask) }
        } catch {
            Glibc.close(arrivals)
            throw error
        }
        rescan()
    }

    deinit {
        for fd in devices.values { Glibc.close(fd) }
        Glibc.close(arrivals)
    }

    /// The names of the devices watched now, sorted.
    public var watched: [String] { devices.keys.sorted() }

    /// Reads and throws away what the devices and the bell hold, and takes in devices that came or went.
    public func drain() {
        if Self.empty(arrivals).read { rescan() }
        for (name, fd) in devices where !Self.empty(fd).open {
            // A device that is gone reads ENODEV: it is let go.
            forget(name)
        }
        _ = Self.empty(LoopBell.shared.descriptor)
    }

    /// Sleeps until a device has events, one comes or goes, the bell rings, a signal comes, or
    /// `milliseconds` pass. What woke it is not read (see `drain`).
    public func wait(milliseconds: Int32) -> Wake {
        var fds = [pollfd(fd: arrivals, events: Int16(POLLIN), revents: 0)]
        fds.append(pollfd(fd: LoopBell.shared.descriptor, events: Int16(POLLIN), revents: 0))
        let names = Array(devices.keys)
        for name in names { fds.append(pollfd(fd: devices[name] ?? -1, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&fds, nfds_t(fds.count), max(0, milliseconds))
        if ready < 0 { return errno == EINTR ? .interrupted : .timeout }
        if ready == 0 { return .timeout }
        // A device unplugged reports a hang-up each poll until it is closed.
        for (index, name) in names.enumerated() where fds[index + 2].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
        {
            forget(name)
        }
        return .event
    }

    /// Opens the devices that are new in the folder and forgets those that went.
    private func rescan() {
        var present = Set<String>()
        if let listing = opendir(folder) {
            defer { closedir(listing) }
            while let entry = readdir(listing) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasPrefix("event") { present.insert(name) }
            }
        }
        for name in devices.keys where !present.contains(name) { forget(name) }
        for name in present.sorted() where devices[name] == nil && devices.count < Self.deviceLimit {
            // One that cannot be opened (no permission yet: udev sets it just after) is tried
            // again at its next change.
            let fd = Glibc.open(folder + "/" + name, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 { devices[name] = fd }
        }
    }

    private func forget(_ name: String) {
        if let fd = devices.removeValue(forKey: name) { Glibc.close(fd) }
    }

    /// Reads `fd` until it has nothing more: whether it held anything, and whether it can still
    /// be read (false at its end or on an error other than "nothing now": a device gone).
    private static func empty(_ fd: Int32) -> (read: Bool, open: Bool) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var read = false
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                read = true
                continue
            }
            if count < 0, errno == EINTR { continue }
            return (read, count < 0 && errno == EAGAIN)
        }
    }
}

/// Rings a loop resting in `InputDeviceWait`: a pipe any thread may write a byte to.
public final class LoopBell: Sendable {
    /// The process's one bell.
    public static let shared = LoopBell()
    /// The end the loop waits on, or -1 when no pipe could be made (then it never rings; the
    /// loop keeps its deadlines).
    public let descriptor: Int32
    private let ringer: Int32

    private init() {
        var ends: [Int32] = [-1, -1]
        // Neither end blocks (a full pipe rings already) nor goes to a child.
        let made =
            pipe(&ends) == 0
            && ends.allSatisfy { end in
                let flags = fcntl(end, F_GETFL)
                return flags >= 0 && fcntl(end, F_SETFL, flags | O_NONBLOCK) == 0
                    && fcntl(end, F_SETFD, FD_CLOEXEC) == 0
            }
        guard made else {
            for end in ends where end >= 0 { Glibc.close(end) }
            (descriptor, ringer) = (-1, -1)
            return
        }
        (descriptor, ringer) = (ends[0], ends[1])
    }

    /// Wakes the resting loop. A pipe already full of rings wakes it as well: that write is not needed.
    public func ring() {
        guard ringer >= 0 else { return }
        var byte: UInt8 = 1
        _ = Glibc.write(ringer, &byte, 1)
    }
}
