import Foundation
import Glibc

/// Writes that survive a power cut: a file is complete on disk (fsync) before it is renamed into
/// place, and the rename itself is on disk (fsync of the folder) before anything names it.
enum DurableFile {
    /// Flushes the file at `path` to the disk.
    static func sync(_ path: String) throws(TransferFailure) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .local("cannot open \(path) to flush it: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw .local("cannot flush \(path): \(String(cString: strerror(errno)))") }
    }

    /// Flushes the folder's entries (a rename, a new name) to the disk.
    static func syncFolder(_ path: String) throws(TransferFailure) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .local("cannot open the folder \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard fsync(fd) == 0 else {
            throw .local("cannot flush the folder \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// `data` written to `temporary`, flushed, and renamed to `path`; the folder flushed after.
    /// A power cut at any moment leaves the old file or the new one (and perhaps `temporary`).
    static func replace(_ path: String, with data: Data, temporary: String) throws(TransferFailure) {
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .local("cannot write \(temporary): \(String(cString: strerror(errno)))") }
        var failure: TransferFailure?
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = write(fd, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = .local("cannot write \(temporary): \(String(cString: strerror(errno)))")
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(fd) != 0 {
            failure = .local("cannot flush \(temporary): \(String(cString: strerror(errno)))")
        }
        close(fd)
        if let failure {
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .local("cannot replace \(path): \(reason)")
        }
        try syncFolder((path as NSString).deletingLastPathComponent)
    }
}
