import Foundation
import VitrinePOSIX

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
        do {
            try DurableWrite.writeFlushed(bytes, to: temporary, mode: mode)
        } catch {
            let what: String
            switch error.step {
            case .create: what = "cannot create a file in \(folder)"
            case .permissions, .write: what = "cannot write \(temporary)"
            case .flush: what = "cannot flush \(temporary) to the disk"
            case .close: what = "cannot close \(temporary)"
            }
            throw DurableWriteError(description: "\(what): \(error.errno)")
        }
        do {
            try DurableWrite.rename(temporary, to: path)
        } catch {
            throw DurableWriteError(description: "cannot rename \(temporary) to \(path): \(error)")
        }
        try syncFolder(folder)
    }

    /// Flushes a folder's entries (a rename in it) to the disk.
    public static func syncFolder(_ folder: String) throws(DurableWriteError) {
        do {
            try DurableWrite.syncFolder(folder)
        } catch {
            throw DurableWriteError(description: "cannot flush \(folder) to the disk: \(error)")
        }
    }
}
