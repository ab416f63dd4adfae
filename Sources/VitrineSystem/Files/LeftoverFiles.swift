import Dispatch
import Foundation
import VitrineCore

#if canImport(Glibc)
    import Glibc
#endif

/// The temporary files the player makes before it renames them into place, named so that
/// nothing else's file can be taken for one: `.NAME.vitrine-tmp.PID.RANDOM` (hidden, so a
/// folder listing skips it; the writer's process id, so a leftover of a process that is gone
/// is known at once). `sweep` removes those a power cut or a kill left behind.
public enum LeftoverFiles {
    static let marker = ".vitrine-tmp."

    /// A new temporary name beside `path`, in the same folder (so a rename publishes it).
    public static func temporaryPath(for path: String) -> String {
        let name = (path as NSString).lastPathComponent
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return folder(of: path) + "/." + name + marker + "\(getpid()).\(random)"
    }

    /// The folder of `path` (`.` for a bare name).
    public static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// The writer's process id when `name` is one of our temporary names, else nil.
    public static func writer(of name: String) -> Int32? {
        guard name.hasPrefix("."), let range = name.range(of: marker, options: .backwards),
            range.lowerBound > name.index(after: name.startIndex)
        else { return nil }
        let tail = name[range.upperBound...].split(separator: ".", omittingEmptySubsequences: false)
        guard tail.count == 2, let pid = Int32(tail[0]), pid > 0, !tail[1].isEmpty,
            tail[1].allSatisfy(\.isHexDigit)
        else { return nil }
        return pid
    }

    /// Whether a temporary file written by process `pid`, last changed `age` ago, is a
    /// leftover: its writer is gone, or it is older than `bound` (a writer never takes that long).
    static func isLeftover(writer pid: Int32, age: Seconds, bound: Seconds) -> Bool {
        if age >= bound { return true }
        if pid == getpid() { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Removes from `folder` (not below it) the temporary files of ours that are leftovers, and
    /// the files `alsoOurs` names (older temporary names); returns the paths removed.
    @discardableResult
    public static func sweep(_ folder: String, bound: Seconds, alsoOurs: (String) -> Int32? = { _ in nil }) -> [String]
    {
        guard let dir = opendir(folder) else { return [] }
        var candidates: [(String, Int32)] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard Int32(entry.pointee.d_type) == Int32(DT_REG) || Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN),
                let pid = writer(of: name) ?? alsoOurs(name)
            else { continue }
            candidates.append((name, pid))
        }
        closedir(dir)
        var removed: [String] = []
        let now = Date()
        for (name, pid) in candidates {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let age = now - Date(unixSeconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
            guard isLeftover(writer: pid, age: age, bound: bound), unlink(path) == 0 else { continue }
            removed.append(path)
        }
        return removed
    }
}

/// Sweeps a few folders for leftover temporary files now and then, off the render thread.
public final class LeftoverSweeper: @unchecked Sendable {
    private let folders: [(path: String, alsoOurs: @Sendable (String) -> Int32?)]
    private let bound: Seconds
    private let every: Seconds
    private let log: Log
    /// The timer, set and cancelled under `lock` (the sweeps run on its queue).
    private var timer: DispatchSourceTimer?
    private let lock = NSLock()

    /// Sweeps `folders` every `every`, removing leftovers older than `bound` (or whose writer is gone).
    public init(
        folders: [(path: String, alsoOurs: @Sendable (String) -> Int32?)], bound: Seconds = 3600,
        every: Seconds = 3600, log: Log = Log("files")
    ) {
        self.folders = folders
        self.bound = bound
        self.every = every
        self.log = log
    }

    /// Sweeps once now (on the calling thread); returns the paths removed.
    @discardableResult
    public func sweepNow() -> [String] {
        var removed: [String] = []
        for folder in folders { removed += LeftoverFiles.sweep(folder.path, bound: bound, alsoOurs: folder.alsoOurs) }
        if !removed.isEmpty {
            let names = removed.prefix(3).joined(separator: ", ")
            let more = removed.count > 3 ? " and \(removed.count - 3) more" : ""
            log.info("removed \(removed.count) temporary file(s) left by an interrupted write: \(names)\(more)")
        }
        return removed
    }

    /// Sweeps every `every` from now on, on a utility queue.
    public func start() {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "vitrine.leftovers", qos: .utility))
        source.schedule(deadline: .now() + every.value, repeating: every.value)
        source.setEventHandler { [weak self] in self?.sweepNow() }
        lock.withLock {
            timer?.cancel()
            timer = source
        }
        source.resume()
    }

    public func stop() {
        lock.withLock {
            timer?.cancel()
            timer = nil
        }
    }

    deinit { stop() }
}
