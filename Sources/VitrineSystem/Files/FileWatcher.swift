import Foundation
import Synchronization
import VitrineCore
import VitrinePOSIX

#if canImport(Glibc)
    import Glibc
#endif

/// Watches folders with Linux inotify: one watch per folder (inotify is not
/// recursive), read without blocking once a frame. Folders can be added from
/// any thread (the background scan adds each before reading it). With
/// `ringOnChange`, events wake a resting play loop.
public final class FileWatcher: Sendable {
    private let events: FileDescriptor
    private var fd: Int32 { events.rawValue }
    private let state = Mutex(State())
    /// Rings the loop when events come; nil until `ringOnChange`.
    private let bell = Mutex<ChangeBell?>(nil)

    private struct State {
        var paths: [Int32: String] = [:]
        var descriptors: [String: Int32] = [:]
    }

    public init() throws(WatchError) {
        do {
            events = FileDescriptor(owning: try Errno.check { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) })
        } catch {
            throw WatchError(description: "cannot watch files for changes: \(error)")
        }
    }

    deinit {
        // The bell's thread ends before the descriptor it waits on is closed.
        bell.withLock { $0 }?.stop()
    }

    /// Calls `ring`, from a thread of its own, when events are there to read and, with `mounts`,
    /// when the mount table changes: a loop that reads them once a frame may rest until then.
    public func ringOnChange(mounts: Bool, _ ring: @escaping @Sendable () -> Void) throws(WatchError) {
        let new = try ChangeBell(events: fd, mounts: mounts, ring: ring)
        let old = bell.withLock { bell in
            defer { bell = new }
            return bell
        }
        old?.stop()
    }

    /// Whether events ring the loop (`ringOnChange` worked and its thread still waits).
    public var rings: Bool { bell.withLock { $0 }?.ringing ?? false }

    static let mask: UInt32 =
        UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)
        | UInt32(IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

    /// Starts watching `folder`; false when it cannot be watched (gone, or the watch limit reached).
    @discardableResult
    public func watch(_ folder: String) -> Bool {
        let wd = FileName.withSystemPath(folder) { inotify_add_watch(fd, $0, Self.mask) }
        guard wd >= 0 else { return false }
        state.withLock {
            if let old = $0.descriptors[folder], old != wd { $0.paths[old] = nil }
            $0.paths[wd] = folder
            $0.descriptors[folder] = wd
        }
        return true
    }

    /// Stops watching `folder` and every folder below it.
    public func unwatch(under folder: String) {
        let prefix = folder + "/"
        let gone: [(String, Int32)] = state.withLock { s in
            let matches = s.descriptors.filter { $0.key == folder || $0.key.hasPrefix(prefix) }
            for (path, wd) in matches {
                s.descriptors[path] = nil
                s.paths[wd] = nil
            }
            return matches.map { ($0.key, $0.value) }
        }
        // A removed folder's watch is gone already (EINVAL): either way it watches nothing now.
        for (_, wd) in gone { _ = inotify_rm_watch(fd, wd) }
    }

    public func isWatching(_ folder: String) -> Bool {
        state.withLock { $0.descriptors[folder] != nil }
    }

    public var watchCount: Int { state.withLock { $0.paths.count } }

    /// Waits up to `timeout` for an event to be readable; true when one is.
    /// Only tests wait; the player reads without waiting.
    public func wait(timeout: Seconds) -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pfd, 1, Int32(max(0, timeout.milliseconds))) > 0
    }

    /// The events that arrived since the last call, without blocking.
    public func read() -> [FileEvent] {
        var events: [FileEvent] = []
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = Glibc.read(fd, buffer, capacity)
            guard count > 0 else { break }
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let header = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer + offset + headerSize
                let nameLength = Int(header.len)
                var name = ""
                if nameLength > 0 {
                    let bytes = UnsafeRawBufferPointer(start: nameStart, count: nameLength)
                    name = FileName.string(fromSystem: bytes.prefix { $0 != 0 })
                }
                offset += headerSize + nameLength
                if let event = translate(header, name: name) { events.append(event) }
            }
        }
        bell.withLock { $0 }?.heard()
        return events
    }

    private func translate(_ header: inotify_event, name: String) -> FileEvent? {
        let mask = header.mask
        func has(_ flag: Int32) -> Bool { mask & UInt32(flag) != 0 }
        if has(IN_Q_OVERFLOW) { return FileEvent(folder: "", name: "", kind: .overflow) }
        let folder: String? = state.withLock { s in
            let path = s.paths[header.wd]
            if has(IN_IGNORED), let path {
                // The kernel dropped the watch (the folder is gone).
                s.paths[header.wd] = nil
                if s.descriptors[path] == header.wd { s.descriptors[path] = nil }
            }
            return path
        }
        guard let folder else { return nil }
        let isDirectory = has(IN_ISDIR)
        // IN_UNMOUNT: the folder's file system went (a stick pulled); IN_IGNORED follows.
        if has(IN_DELETE_SELF) || has(IN_MOVE_SELF) || has(IN_UNMOUNT) {
            return FileEvent(folder: folder, name: "", kind: .folderGone, isDirectory: true)
        }
        if has(IN_IGNORED) { return nil }
        if has(IN_MOVED_FROM) {
            return FileEvent(
                folder: folder, name: name, kind: .movedOut(cookie: header.cookie), isDirectory: isDirectory)
        }
        if has(IN_MOVED_TO) {
            return FileEvent(
                folder: folder, name: name, kind: .movedIn(cookie: header.cookie), isDirectory: isDirectory)
        }
        if has(IN_DELETE) { return FileEvent(folder: folder, name: name, kind: .deleted, isDirectory: isDirectory) }
        return FileEvent(folder: folder, name: name, kind: .changed, isDirectory: isDirectory)
    }
}
