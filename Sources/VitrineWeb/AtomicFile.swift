import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a file so that readers see the old contents or the new, never a part: a hidden
/// temporary name in the same folder, fsync, then rename (or link, when it must not replace).
public enum AtomicFile {
    /// Why a file was not written.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The name is taken and replacing was not allowed.
        case exists(String)
        /// A system call failed: what, and the system's message.
        case system(String)

        public var description: String {
            switch self {
            case .exists(let name): return "\(name) exists already"
            case .system(let message): return message
            }
        }
    }

    /// Writes `bytes` to `path` with permissions `mode`; with `replace` false a file already at
    /// `path` is kept and `.exists` thrown.
    public static func write(_ bytes: Data, to path: String, mode: mode_t = 0o644, replace: Bool = true)
        throws(Failure)
    {
        let temporary = try writeTemporary(bytes, beside: path, mode: mode)
        try publish(temporary, as: path, replace: replace)
    }

    /// Writes `bytes` to a new hidden file in the folder of `path` and returns its path.
    public static func writeTemporary(_ bytes: Data, beside path: String, mode: mode_t = 0o644) throws(Failure)
        -> String
    {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/.\(name).\(Sodium.token().prefix(12)).part"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .system("cannot create a file in \(folder): \(errorText())") }
        var failure: Failure?
        if fchmod(fd, mode) != 0 { failure = .system("cannot set permissions: \(errorText())") }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while failure == nil, offset < raw.count, let base = raw.baseAddress {
                let written = Glibc.write(fd, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = .system("cannot write \(name): \(errorText())")
                } else {
                    offset += written
                }
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = .system("cannot flush \(name): \(errorText())") }
        close(fd)
        if let failure {
            unlink(temporary)
            throw failure
        }
        return temporary
    }

    /// Gives a temporary file its final name (and removes the temporary one).
    public static func publish(_ temporary: String, as path: String, replace: Bool) throws(Failure) {
        let name = (path as NSString).lastPathComponent
        if replace {
            guard rename(temporary, path) == 0 else {
                let text = errorText()
                unlink(temporary)
                throw .system("cannot rename to \(name): \(text)")
            }
        } else {
            // link() fails when the name is taken, so two uploads of one name cannot both win.
            guard link(temporary, path) == 0 else {
                let code = errno
                let text = errorText()
                unlink(temporary)
                if code == EEXIST { throw .exists(name) }
                throw .system("cannot name \(name): \(text)")
            }
            unlink(temporary)
        }
        syncFolder(of: path)
    }

    static func syncFolder(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
