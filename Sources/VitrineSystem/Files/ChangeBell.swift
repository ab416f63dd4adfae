import Synchronization
import VitrinePOSIX

#if canImport(Glibc)
    import Glibc
#endif

/// Rings a resting play loop awake when what it reads once a frame without waiting has
/// something to read: a folder watch (inotify) or the mount table. A thread waits in `poll` on
/// them and on a pipe of its own, so the loop can sleep until its next deadline instead of
/// looking around a few times a second.
///
///     waiting ──inotify readable: ring──▶ rung (the watch left out of the wait)
///        ▲                                  │
///        └──────────── heard() ─────────────┘  (the loop read the events)
///     waiting ──the mount table changed: ring──▶ waiting (on a descriptor of its own)
///
/// inotify stays readable until the loop reads it, so after a ring it is left out of the wait
/// until `heard()`: one ring per batch of events, never a spin.
final class ChangeBell: Sendable {
    private let pokeRead: FileDescriptor
    private let pokeWrite: FileDescriptor
    /// `/proc/self/mountinfo`, opened for the bell alone: a poll takes the change it reports.
    private let mounts: FileDescriptor?
    /// Its number, -1 without one (poll leaves it out).
    private let mountsNumber: Int32
    private let state = Mutex(State())

    private struct State {
        var rung = false
        var stopped = false
        var failed = false
    }

    /// Starts a thread that calls `ring` when the inotify descriptor `events` is readable (it
    /// stays the caller's to read and close) or, with `mounts`, when the mount table changes.
    init(events: Int32, mounts watchMounts: Bool, ring: @escaping @Sendable () -> Void) throws(WatchError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw WatchError(description: "cannot wait for changes to files: no pipe (\(Errno.current))")
        }
        pokeRead = FileDescriptor(owning: ends[0])
        pokeWrite = FileDescriptor(owning: ends[1])
        for end in ends where fcntl(end, F_SETFD, FD_CLOEXEC) != 0 || fcntl(end, F_SETFL, O_NONBLOCK) != 0 {
            throw WatchError(description: "cannot wait for changes to files: \(Errno.current)")
        }
        // Without /proc the mount table is not waited on (the loop's own look at it stays).
        let table = watchMounts ? open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC) : -1
        mountsNumber = table
        mounts = table >= 0 ? FileDescriptor(owning: table) : nil
        if mountsNumber >= 0 {
            // The first poll reports the table as it is; the next only a change.
            var first = pollfd(fd: mountsNumber, events: Int16(POLLPRI), revents: 0)
            _ = poll(&first, 1, 0)
        }
        do {
            try WorkerThread.start { [self] in wait(events: events, ring: ring) }
        } catch {
            throw WatchError(description: "cannot wait for changes to files: \(error)")
        }
    }

    /// Whether the bell still rings: false once stopped, or after its wait failed (the loop then
    /// looks around on its own again).
    var ringing: Bool { state.withLock { !$0.stopped && !$0.failed } }

    /// The loop read the inotify events: a new one rings again.
    func heard() {
        let wasRung = state.withLock { state in
            defer { state.rung = false }
            return state.rung
        }
        if wasRung { poke() }
    }

    /// Ends the thread (before the inotify descriptor is closed).
    func stop() {
        state.withLock { $0.stopped = true }
        poke()
    }

    private func poke() {
        var byte: UInt8 = 1
        // A full pipe already holds a poke.
        _ = write(pokeWrite.rawValue, &byte, 1)
    }

    private func wait(events: Int32, ring: @Sendable () -> Void) {
        var drain = [UInt8](repeating: 0, count: 64)
        while true {
            let (rung, stopped) = state.withLock { ($0.rung, $0.stopped) }
            if stopped { return }
            // poll leaves out a negative descriptor.
            var fds = [
                pollfd(fd: pokeRead.rawValue, events: Int16(POLLIN), revents: 0),
                pollfd(fd: rung ? -1 : events, events: Int16(POLLIN), revents: 0),
                pollfd(fd: mountsNumber, events: Int16(POLLPRI), revents: 0),
            ]
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 else {
                if errno == EINTR { continue }
                state.withLock { $0.failed = true }
                ring()
                return
            }
            if fds[0].revents != 0 { _ = read(pokeRead.rawValue, &drain, drain.count) }
            var wake = false
            if fds[1].revents != 0 {
                state.withLock { $0.rung = true }
                wake = true
            }
            if fds[2].revents & Int16(POLLPRI | POLLERR) != 0 { wake = true }
            if wake { ring() }
        }
    }
}
