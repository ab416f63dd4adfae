#if canImport(Glibc)
    import Glibc
#endif

/// The steps every durable write takes, whatever names its temporaries: the bytes go to a new file
/// that is flushed to the disk and closed, then renamed (or linked) into place, then the folder is
/// flushed so the new name is on the disk too. A power cut at any moment leaves the old file or
/// the new one, never a part or an empty file. The mirror, the resume file, the web page's files
/// and uploads each name and sweep their temporaries their own way and call these steps.
public enum DurableWrite {
    /// Which step failed, on which path, and the system's error.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public enum Step: Equatable, Sendable {
            case create, permissions, write, flush, close
        }

        public var step: Step
        public var path: String
        public var errno: Errno

        public init(step: Step, path: String, errno: Errno) {
            self.step = step
            self.path = path
            self.errno = errno
        }

        public var description: String { "\(step) \(path): \(errno)" }
    }

    /// Writes `bytes` into a new file at `temporary` (`exclusive`: failing if the name exists, else
    /// truncating what is there) with permissions `mode` (`exactMode`: whatever the umask says),
    /// flushes it to the disk and closes it. On failure the file is removed.
    public static func writeFlushed(
        _ bytes: some Collection<UInt8>, to temporary: String, exclusive: Bool = true, mode: mode_t = 0o644,
        exactMode: Bool = false
    ) throws(Failure) {
        let flags = O_WRONLY | O_CREAT | (exclusive ? O_EXCL : O_TRUNC)
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(temporary, flags, mode: mode)
        } catch {
            throw Failure(step: .create, path: temporary, errno: error)
        }
        var failure: Failure?
        if exactMode, fchmod(file.rawValue, mode) != 0 {
            failure = Failure(step: .permissions, path: temporary, errno: .current)
        }
        if failure == nil {
            do { try file.writeAll(bytes) } catch { failure = Failure(step: .write, path: temporary, errno: error) }
        }
        if failure == nil {
            do { try file.sync() } catch { failure = Failure(step: .flush, path: temporary, errno: error) }
        }
        do {
            try file.close()
        } catch {
            if failure == nil { failure = Failure(step: .close, path: temporary, errno: error) }
        }
        if let failure {
            // The temporary is ours and incomplete; if it cannot go, the next start's sweep removes it.
            _ = unlink(temporary)
            throw failure
        }
    }

    /// Renames `temporary` over `path`; on failure the temporary is removed.
    public static func rename(_ temporary: String, to path: String) throws(Errno) {
        guard Glibc.rename(temporary, path) == 0 else {
            let error = Errno.current
            _ = unlink(temporary)  // as in `writeFlushed`: the sweep takes what stays
            throw error
        }
    }

    /// Flushes a folder's entries (a rename or a new name in it) to the disk. Some file systems
    /// (FUSE ones, read-only mounts) cannot flush a folder; the rename is done either way.
    public static func syncFolder(_ folder: String) throws(Errno) {
        let directory = try FileDescriptor.open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY)
        do {
            try directory.sync()
        } catch {
            guard error == .invalidArgument || error == .readOnlyFileSystem else { throw error }
        }
    }
}
