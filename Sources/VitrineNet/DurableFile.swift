import Foundation
import VitrinePOSIX

#if canImport(Glibc)
    import Glibc
#endif

/// Writes that survive a power cut: a file is complete on disk (fsync) before it is renamed into
/// place, and the rename itself is on disk (fsync of the folder) before anything names it.
enum DurableFile {
    /// Flushes the file at `path` to the disk.
    static func sync(_ path: String) throws(TransferFailure) {
        do {
            try FileDescriptor.open(path, O_RDONLY).sync()
        } catch {
            throw .local("cannot flush \(path): \(error)")
        }
    }

    /// Flushes the folder's entries (a rename, a new name) to the disk.
    static func syncFolder(_ path: String) throws(TransferFailure) {
        do {
            try DurableWrite.syncFolder(path)
        } catch {
            throw .local("cannot flush the folder \(path): \(error)")
        }
    }

    /// `data` written to `temporary`, flushed, and renamed to `path`; the folder flushed after.
    /// A power cut at any moment leaves the old file or the new one (and perhaps `temporary`).
    static func replace(_ path: String, with data: Data, temporary: String) throws(TransferFailure) {
        do {
            try DurableWrite.writeFlushed(data, to: temporary, exclusive: false)
        } catch {
            let what = error.step == .flush ? "flush" : "write"
            throw .local("cannot \(what) \(temporary): \(error.errno)")
        }
        do {
            try DurableWrite.rename(temporary, to: path)
        } catch {
            throw .local("cannot replace \(path): \(error)")
        }
        try syncFolder((path as NSString).deletingLastPathComponent)
    }
}
