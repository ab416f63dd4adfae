import Foundation
import VitrineCore
import VitrinePOSIX

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

    /// Writes `bytes` to a new hidden file of ours (`temporaryPrefix`) in the folder of `path`,
    /// flushed to the disk, and returns its path.
    public static func writeTemporary(_ bytes: Data, beside path: String, mode: mode_t = 0o644) throws(Failure)
        -> String
    {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/" + temporaryName(for: name)
        do {
            try DurableWrite.writeFlushed(bytes, to: temporary, mode: mode, exactMode: true)
        } catch {
            switch error.step {
            case .create: throw .system("cannot create a file in \(folder): \(error.errno)")
            case .permissions: throw .system("cannot set permissions: \(error.errno)")
            case .write, .close: throw .system("cannot write \(name): \(error.errno)")
            case .flush: throw .system("cannot flush \(name): \(error.errno)")
            }
        }
        return temporary
    }

    /// What every temporary file of ours starts with: hidden, and unmistakable for anything else's.
    public static let temporaryPrefix = ".vitrine-tmp-"

    /// `.vitrine-tmp-<12 random hex digits>-<our process id>.<name>`.
    static func temporaryName(for name: String) -> String {
        "\(temporaryPrefix)\(Sodium.token().prefix(12))-\(getpid()).\(name.prefix(120))"
    }

    /// Whether a file name is one of our temporaries (ours, or `.<name>.<12 hex>.part` of versions
    /// before); the process that writes it, when the name says.
    public static func temporary(_ name: String) -> (isOurs: Bool, writer: pid_t?) {
        func hex12(_ text: Substring) -> Bool { text.count == 12 && text.allSatisfy(\.isHexDigit) }
        if name.hasPrefix(temporaryPrefix) {
            let rest = name.dropFirst(temporaryPrefix.count)
            guard hex12(rest.prefix(12)) else { return (false, nil) }
            let tail = rest.dropFirst(12)
            if tail.isEmpty || tail.first == "." { return (true, nil) }
            guard tail.first == "-" else { return (false, nil) }
            let digits = tail.dropFirst().prefix { $0.isNumber }
            let after = tail.dropFirst(1 + digits.count)
            guard !digits.isEmpty, after.isEmpty || after.first == ".", let pid = pid_t(digits) else {
                return (false, nil)
            }
            return (true, pid)
        }
        guard name.hasPrefix("."), name.hasSuffix(".part") else { return (false, nil) }
        let stem = name.dropLast(".part".count)
        guard let dot = stem.lastIndex(of: ".") else { return (false, nil) }
        return (hex12(stem[stem.index(after: dot)...]) && stem.distance(from: stem.startIndex, to: dot) > 1, nil)
    }

    /// Removes our temporaries in `folder` that nothing is writing any more: their writer is
    /// gone (a power cut, a kill) or they are older than `age` (an upload or save still
    /// going is younger). Only regular files, never a link's target. How many went, and their bytes.
    @discardableResult
    public static func removeStaleTemporaries(in folder: String, olderThan age: Seconds, now: Date = Date())
        -> (count: Int, bytes: Int)
    {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return (0, 0) }
        var removed = (count: 0, bytes: 0)
        for name in names {
            let (ours, writer) = temporary(name)
            guard ours else { continue }
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let modified = Date(unixSeconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
            let writerGone = writer.map { $0 != getpid() && kill($0, 0) != 0 && errno == ESRCH } ?? false
            guard writerGone || now - modified > age else { continue }
            if unlink(path) == 0 {
                removed.count += 1
                removed.bytes += Int(info.st_size)
            }
        }
        if removed.count > 0 { syncFolder(of: folder + "/.") }
        return removed
    }

    /// Gives a temporary file its final name (and removes the temporary one).
    public static func publish(_ temporary: String, as path: String, replace: Bool) throws(Failure) {
        let name = (path as NSString).lastPathComponent
        if replace {
            do {
                try DurableWrite.rename(temporary, to: path)
            } catch {
                throw .system("cannot rename to \(name): \(error)")
            }
        } else {
            // link() fails when the name is taken, so two uploads of one name cannot both win.
            guard link(temporary, path) == 0 else {
                let error = Errno.current
                _ = unlink(temporary)  // ours and unnamed; the sweep of stale temporaries takes it if it stays
                if error == .exists { throw .exists(name) }
                throw .system("cannot name \(name): \(error)")
            }
            _ = unlink(temporary)  // the file has its name now; a leftover link is swept at the next start
        }
        syncFolder(of: path)
    }

    /// Flushes the folder's new name to the disk. A failure is not the writer's to report: the file
    /// is complete and named, and only a power cut in the next moments could lose the name.
    static func syncFolder(of path: String) {
        try? DurableWrite.syncFolder((path as NSString).deletingLastPathComponent)
    }
}
