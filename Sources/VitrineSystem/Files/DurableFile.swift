import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why a file could not be written durably: the step that failed and the system's message.
public struct DurableWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}

/// Publishes a file so that a power cut at any moment leaves the old contents or the new,
/// never a part or an empty file: the bytes go to a temporary file in the same folder (named
/// by `LeftoverFiles`, so the next start can tell it is ours and remove it), which is fsynced,
/// renamed over the file, and then the folder is fsynced so the rename itself is on the disk.
public enum DurableFile {
    /// Writes `bytes` to `path` with permissions `mode`, replacing what was there.
    public static func write(_ bytes: some Collection<UInt8>, to path: String, mode: mode_t = 0o644)
        throws(DurableWriteError)
    {
        let folder = LeftoverFiles.folder(of: path)
        let temporary = LeftoverFiles.temporaryPath(for: path)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else {
            throw DurableWriteError(description: "cannot create a file in \(folder): \(errorText())")
        }
        var failure: DurableWriteError?
        let data = Array(bytes)
        data.withUnsafeBytes { raw in
            var offset = 0
            while failure == nil, offset < raw.count, let base = raw.baseAddress {
                let written = Glibc.write(fd, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = DurableWriteError(description: "cannot write \(temporary): \(errorText())")
                } else {
                    offset += written
                }
            }
        }
        if failure == nil, fsync(fd) != 0 {
            failure = DurableWriteError(description: "cannot flush \(temporary) to the disk: \(errorText())")
        }
        if close(fd) != 0, failure == nil {
            failure = DurableWriteError(description: "cannot close \(temporary): \(errorText())")
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, path) == 0 else {
            let why = errorText()
            unlink(temporary)
            throw DurableWriteError(description: "cannot rename \(temporary) to \(path): \(why)")
        }
        try syncFolder(folder)
    }

    /// Flushes a folder's entries (a rename in it) to the disk.
    public static func syncFolder(_ folder: String) throws(DurableWriteError) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw DurableWriteError(description: "cannot open \(folder): \(errorText())") }
        defer { close(fd) }
        // Some file systems (and FUSE ones) cannot sync a folder; the rename is done either way.
        guard fsync(fd) == 0 || errno == EINVAL || errno == EROFS else {
            throw DurableWriteError(description: "cannot flush \(folder) to the disk: \(errorText())")
        }
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
