import Foundation
import Synchronization
import VitrineCore

/// Keeps network photos in an on-disk cache and plays from there: listings refreshed in the background,
/// files downloaded under a temporary name and renamed once complete and checked, the state saved so a
/// player that boots offline plays the last mirror. Every method returns at once: the frame loop polls
/// `snapshot`, `progress(for:)` and `generation`, and tells `prioritize(_:)` where the show is.
/// Use one mirror per cache folder, and call `stop()` when done.
public final class Mirror: Sendable {
    public let configuration: MirrorConfiguration
    let shared: Mutex<MirrorShared>
    let wake = DispatchSemaphore(value: 0)
    let log = Log("mirror")

    /// Opens (or creates) the cache folder and reads its index; nothing is fetched before `start()`.
    public init(configuration: MirrorConfiguration, sources: [NetworkSource]) throws(TransferFailure) {
        self.configuration = configuration
        let directory = configuration.cacheDirectory
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .local("cannot create the cache folder \(directory): \(error.localizedDescription)")
        }
        guard access(directory, W_OK | X_OK) == 0 else { throw .local("the cache folder \(directory) is not writable") }
        var unique: [NetworkSource] = []
        for source in sources where !unique.contains(where: { $0.key == source.key }) { unique.append(source) }
        var states = unique.map(SourceState.init(source:))
        let origin = MirrorIndex.load(into: &states, from: directory)
        MirrorIndex.cleanUp(directory, keeping: &states, origin: origin)
        shared = Mutex(MirrorShared(sources: states))
    }

    /// Starts the background work: listing refreshes and downloads.
    public func start() {
        let begin = shared.withLock { shared -> Bool in
            guard !shared.running, !shared.stopping else { return false }
            shared.running = true
            return true
        }
        guard begin else { return }
        Thread.detachNewThread { [self] in schedulerLoop() }
    }

    /// Stops downloads (a partial file is kept to resume), saves the index, and returns when all
    /// transfers have ended (libcurl notices within a second).
    public func stop() {
        shared.withLock { $0.stopping = true }
        wake.signal()
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, shared.withLock({ $0.workers > 0 || $0.running }) {
            usleep(10_000)
        }
        saveIndex()
    }

    /// The photos of `source`'s last good listing, in order; only complete, checked files have a `localPath`.
    public func snapshot(_ source: NetworkSource) -> [MirroredEntry] { snapshot(key: source.key) }

    /// The same, by `NetworkSource.key`.
    public func snapshot(key: String) -> [MirroredEntry] {
        shared.withLock { shared in
            guard let state = shared.sources.first(where: { $0.key == key }) else { return [] }
            return state.entries.map { entry(of: $0, source: key) }
        }
    }

    /// Bytes received and expected of a photo being downloaded, or nil when it is not downloading.
    public func progress(for id: MirrorEntryID) -> (received: Int64, total: Int64)? {
        shared.withLock { shared in
            guard let entry = shared.find(id), entry.downloading else { return nil }
            return (entry.received, entry.total)
        }
    }

    /// The show moved to this photo: it is fetched before any other (also when the cache is full, by
    /// evicting the least recently shown), and counts as shown now.
    public func prioritize(_ id: MirrorEntryID) {
        shared.withLock { shared in
            shared.priority = id
            shared.update(id) { entry in
                entry.lastUsed = Date().timeIntervalSince1970
                entry.evicted = false
                entry.nextAttempt = .distantPast
            }
        }
        wake.signal()
    }

    /// Asks for every listing to be refreshed now instead of at its next interval.
    public func refreshNow() {
        shared.withLock { shared in
            for index in shared.sources.indices { shared.sources[index].nextRefresh = .distantPast }
            for host in shared.hosts.keys { shared.hosts[host]?.until = .distantPast }
        }
        wake.signal()
    }

    /// Raised whenever a snapshot would differ (a listing, a file mirrored, replaced or gone), not for
    /// progress: the frame loop rebuilds its slides only when this moves.
    public var generation: UInt64 { shared.withLock { $0.generation } }

    /// Size on disk and, per source, counts, last refresh and last error.
    public var status: MirrorStatus {
        shared.withLock { shared in
            MirrorStatus(
                bytesOnDisk: shared.usedBytes, cacheBytes: configuration.cacheBytes,
                sources: shared.sources.map { s in
                    MirrorStatus.Source(
                        key: s.key, name: s.source.description, listed: s.entries.count,
                        mirrored: s.entries.count { $0.file != nil }, downloading: s.entries.count { $0.downloading },
                        lastRefresh: s.lastRefresh, lastGoodListing: s.lastGoodListing, lastError: s.lastError,
                        held: shared.held[s.key]?.reason, host: Self.host(of: s.source))
                })
        }
    }

    func entry(of state: EntryState, source: String) -> MirroredEntry {
        MirroredEntry(
            id: MirrorEntryID(source: source, remote: state.remote.id), caption: state.remote.caption,
            taken: state.remote.taken, localPath: state.file.map(path), previewPath: state.preview.map(path),
            progress: state.downloading ? (state.received, state.total) : nil, revision: state.revision,
            failure: state.failure)
    }

    func path(_ name: String) -> String { (configuration.cacheDirectory as NSString).appendingPathComponent(name) }

    func saveIndex() {
        let sources = shared.withLock { shared in
            shared.dirty = false
            return shared.sources
        }
        do {
            try MirrorIndex.save(sources, in: configuration.cacheDirectory)
        } catch {
            log.warning("the index could not be saved in \(configuration.cacheDirectory): \(error)")
        }
    }
}

/// Everything the mirror's threads share, behind one lock that is never held during I/O.
struct MirrorShared: Sendable {
    var sources: [SourceState]
    var hosts: [String: HostBackoff] = [:]
    var active: [String: Int] = [:]
    var activeTotal = 0
    var workers = 0
    var priority: MirrorEntryID?
    var running = false
    var stopping = false
    var dirty = false
    var generation: UInt64 = 0
    /// Listings that would remove half or more of a source's photos, by source key, until a later one agrees.
    var held: [String: HeldListing] = [:]
    /// Entries whose files are being deleted (removed or evicted): not fetched again until that is done.
    var deleting: Set<MirrorEntryID> = []
    /// Failed tries of sources that never listed, by source key (their retries come sooner).
    var firstTries: [String: Int] = [:]

    init(sources: [SourceState]) { self.sources = sources }

    var usedBytes: Int64 {
        sources.reduce(0) { sum, source in sum + source.entries.reduce(0) { $0 + $1.bytes + $1.previewBytes } }
    }

    func find(_ id: MirrorEntryID) -> EntryState? {
        sources.first { $0.key == id.source }?.entries.first { $0.remote.id == id.remote }
    }

    mutating func update(_ id: MirrorEntryID, _ change: (inout EntryState) -> Void) {
        guard let s = sources.firstIndex(where: { $0.key == id.source }),
            let e = sources[s].entries.firstIndex(where: { $0.remote.id == id.remote })
        else { return }
        change(&sources[s].entries[e])
    }
}
