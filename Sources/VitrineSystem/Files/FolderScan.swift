import Dispatch
import Foundation
import Synchronization
import VitrineCore

/// Walks a folder source (or one of its subfolders) on a background thread,
/// watching each folder before reading it, and hands what it found to the
/// render thread in batches (`drain`, which never blocks). The first image is
/// handed over as soon as it is found, so a big tree starts playing at once.
public final class FolderScan: Sendable {
    public let key: ItemKey
    public let folder: FolderSource
    /// The subfolder walked, relative to the folder source; empty for all of it.
    public let subfolder: String
    private let needsMtime: Bool
    private let watcher: FileWatcher?
    private let state = Mutex(State())

    private struct State {
        var found: [FolderEntry] = []
        var finished = false
        var cancelled = false
        var total = 0
    }

    public init(key: ItemKey, folder: FolderSource, subfolder: String = "", needsMtime: Bool, watcher: FileWatcher?) {
        self.key = key
        self.folder = folder
        self.subfolder = subfolder
        self.needsMtime = needsMtime
        self.watcher = watcher
    }

    /// Starts the walk on a thread of its own (a checked start: `WorkerThread`); throws when
    /// no thread can be had, and the caller walks on its own thread instead.
    public func start() throws(ThreadStartError) {
        try WorkerThread.start { [self] in walk() }
    }

    /// Walks on the calling thread (tests, and `vitrine bench-scan` to compare).
    public func walk() {
        let prefix = subfolder.isEmpty ? "" : subfolder + "/"
        let root = subfolder.isEmpty ? folder.path : folder.path + "/" + subfolder
        let folder = self.folder
        let walk = DirectoryWalk(root: root, recursive: folder.recursive, needsMtime: needsMtime) {
            folder.accepts(prefix + $0)
        }
        var batch: [FolderEntry] = []
        var handedOver = 0
        func flush() -> Bool {
            let entries = batch
            batch.removeAll(keepingCapacity: true)
            handedOver += entries.count
            return state.withLock {
                $0.found += entries
                $0.total += entries.count
                return !$0.cancelled
            }
        }
        walk.run(
            folder: { path in
                watcher?.watch(path)
                // Hand over what a folder held once it is done, so batches stay small.
                return batch.isEmpty || flush()
            },
            found: { entry in
                // A memories item's photos are picked by the date they were taken.
                let taken = folder.memories ? Self.taken(root + "/" + entry.relative) : nil
                batch.append(FolderEntry(relative: prefix + entry.relative, mtime: entry.mtime, taken: taken))
                return (handedOver > 0 && batch.count < 512) || flush()
            })
        _ = flush()
        state.withLock { $0.finished = true }
    }

    /// The date the photo at `path` was taken, from the EXIF block at the start of its file.
    static func taken(_ path: String) -> TakenDate? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: ExifDateScan.prefixLength) else { return nil }
        return ExifDateScan.taken(Array(data))
    }

    public func cancel() {
        state.withLock { $0.cancelled = true }
    }

    /// What was found since the last call, and whether the walk is over.
    public func drain() -> (entries: [FolderEntry], finished: Bool) {
        state.withLock {
            let found = $0.found
            $0.found.removeAll()
            return (found, $0.finished)
        }
    }

    /// How many images the walk has found so far.
    public var total: Int { state.withLock { $0.total } }
}
