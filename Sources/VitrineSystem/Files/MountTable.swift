import VitrineCore
import VitrinePOSIX

#if canImport(Glibc)
    import Glibc
#endif

/// Tells when a file system is mounted, unmounted or remounted (read-only, say): the kernel
/// marks `/proc/self/mountinfo` with a priority event on each change of the mount table, so
/// one `poll` without waiting tells. Nil where /proc is not mounted.
public final class MountTable {
    private let table: FileDescriptor

    public init?() {
        guard let table = try? FileDescriptor.open("/proc/self/mountinfo", O_RDONLY) else { return nil }
        self.table = table
        // The first poll reports the table as it is; the next only a change.
        _ = changed()
    }

    /// Whether the mount table changed since the last call (never waits).
    public func changed() -> Bool {
        var pfd = pollfd(fd: table.rawValue, events: Int16(POLLPRI), revents: 0)
        guard poll(&pfd, 1, 0) > 0 else { return false }
        return pfd.revents & Int16(POLLPRI | POLLERR) != 0
    }
}

/// Which file and file system a folder is now: its device and inode, and whether it is
/// mounted read-only. A folder whose identity changed was replaced (a stick plugged back,
/// another file system mounted over it).
public struct FolderIdentity: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var readOnly: Bool

    /// The identity of the folder at `path` now; nil when there is none.
    public static func of(_ path: String) -> FolderIdentity? {
        var info = stat()
        guard FileName.withSystemPath(path, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            return nil
        }
        var fs = statvfs()
        let readOnly = FileName.withSystemPath(path, { statvfs($0, &fs) }) == 0 && fs.f_flag & UInt(ST_RDONLY) != 0
        return FolderIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), readOnly: readOnly)
    }
}
