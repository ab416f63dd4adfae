import Foundation
import VitrineCore
import VitrineNet

/// The network items of a document, played from their mirror: owns the `Mirror`, and on each poll
/// (without blocking) puts the mirrored, checked files into the content when the mirror's
/// generation moved. Used by `PlaylistSession` on the render thread; stopped when it goes.
public final class NetworkContent {
    public let mirror: Mirror
    /// Whether the mirror fetches (play) or only its index on disk is read (snapshots).
    private let fetching: Bool
    private var generation: UInt64 = .max
    private var ids: [String: MirrorEntryID] = [:]
    /// The file each photo plays from now (the reverse of `ids`).
    private var paths: [MirrorEntryID: String] = [:]
    /// Previews played while their full file downloads, by the photo; and each preview's full file once it came.
    private var previews: [MirrorEntryID: String] = [:]
    private var successors: [String: String] = [:]
    private var reported: Set<String> = []
    private var refreshed: [String: Date] = [:]
    private var lastProgress = MonotonicInstant.distantPast
    /// How much of the awaited photo has arrived, while nothing of the network is mirrored yet.
    public private(set) var download: Double?
    private let log = Log("mirror")
    private var stopped = false
    private var lastWaitCheck: UInt64 = 0
    private var lastWait: (host: String, reason: String)?
    /// The sources mirrored, by `NetworkSource.key`.
    public let sourceKeys: [String]

    /// A mirror for `sources` in `configuration`'s cache, or nil with the reason logged (the rest plays).
    public init?(sources: [NetworkSource], configuration: MirrorConfiguration, fetching: Bool) {
        guard !sources.isEmpty else { return nil }
        do {
            mirror = try Mirror(configuration: configuration, sources: sources)
        } catch {
            Log("mirror").error("\(error); network photos cannot be shown")
            return nil
        }
        self.fetching = fetching
        self.sourceKeys = sources.map(\.key)
        let status = mirror.status
        log.info(
            "cache \(configuration.cacheDirectory): \(Self.megabytes(status.bytesOnDisk)) of "
                + "\(Self.megabytes(status.cacheBytes)), \(status.sources.reduce(0) { $0 + $1.mirrored }) photos mirrored"
        )
    }

    deinit { stop() }

    /// Starts listing and downloading (play only).
    public func start() {
        if fetching { mirror.start() }
    }

    /// Ends the transfers and saves the index (waits for libcurl to notice, about a second at most).
    public func stop() {
        guard !stopped else { return }
        stopped = true
        if fetching { mirror.stop() }
    }

    /// Whether the show should still wait: a source not tried yet, or a first photo downloading.
    public func isListing(_ content: PlaylistContent) -> Bool {
        guard fetching else { return false }
        let status = mirror.status
        if status.sources.contains(where: { $0.lastRefresh == nil }) { return true }
        return content.network.values.allSatisfy(\.isEmpty) && status.sources.contains { $0.downloading > 0 }
    }

    /// The first source without a mirrored photo: its server and why (its last error, an empty
    /// listing, a download or a listing under way); nil when every source has photos.
    public func waiting() -> (host: String, reason: String)? {
        guard fetching else { return nil }
        // Asked every frame while the show is empty: the mirror's status is read 4 times a second at most.
        let now = DispatchTime.now().uptimeNanoseconds
        if now < lastWaitCheck + 250_000_000 { return lastWait }
        lastWaitCheck = now
        lastWait = currentWait()
        return lastWait
    }

    private func currentWait() -> (host: String, reason: String)? {
        guard let source = mirror.status.sources.first(where: { $0.mirrored == 0 }) else { return nil }
        let reason: String
        if let error = source.lastError {
            reason = error
        } else if source.downloading > 0 {
            reason = "downloading the first photos"
        } else if source.lastRefresh != nil, source.listed == 0 {
            reason = "the source lists no photos"
        } else {
            reason = "listing"
        }
        return (source.host, reason)
    }

    /// Takes in what the mirror has now; `update` gets the playlists whose slides changed and notices.
    public func poll(_ content: inout PlaylistContent, now: MonotonicInstant, _ update: inout SessionUpdate) {
        let current = mirror.generation
        if current != generation {
            generation = current
            fill(&content, &update)
            logRefreshes()
        }
        if now - lastProgress >= Seconds(0.1) {
            lastProgress = now
            download = content.network.values.allSatisfy(\.isEmpty) ? awaited(content) : nil
        }
    }

    /// The next poll puts every item's photos in place again (new content for the same sources).
    public func refill() { generation = .max }

    /// The cache's id of the photo at `path`, if it is one of the mirror's.
    public func entry(at path: String) -> MirrorEntryID? { ids[path] }

    /// The file the photo `id` plays from now, nil while it is not mirrored.
    public func path(of id: MirrorEntryID) -> String? { paths[id] }

    /// Whether the photo `id` is listed by its source and still on its way: neither failed nor
    /// yet a file the show plays. A photo the mirror has just finished is awaited until the next
    /// poll takes it in (the mirror runs on its own thread), or a resumed show would give up on
    /// it in between and start from the first slide.
    public func isAwaited(_ id: MirrorEntryID) -> Bool {
        guard fetching else { return false }
        let taken = paths[id] != nil
        return mirror.snapshot(key: id.source).contains {
            $0.id == id && $0.failure == nil && (($0.localPath == nil && $0.previewPath == nil) || !taken)
        }
    }

    /// The full file that took the place of the preview at `path` (the same photo, same slide).
    public func successor(of path: String) -> String? { successors[path] }

    /// A favourite set on the screen for the photo at `path`: written back where its source keeps them.
    public func favouriteChanged(_ path: String, _ favourite: Bool) {
        if let id = ids[path] { mirror.writeFavourite(id, favourite) }
    }

    /// The show moved to `path`: fetched first, kept longest.
    public func showing(_ path: String) {
        if let id = ids[path] { mirror.prioritize(id) }
    }

    private func fill(_ content: inout PlaylistContent, _ update: inout SessionUpdate) {
        var snapshots: [String: [MirroredEntry]] = [:]
        ids.removeAll(keepingCapacity: true)
        paths.removeAll(keepingCapacity: true)
        for (key, item) in content.networkItems {
            let entries = snapshots[item.source.key] ?? mirror.snapshot(item.source)
            snapshots[item.source.key] = entries
            var photos: [NetworkPhoto] = []
            for entry in entries {
                if let failure = entry.failure, entry.localPath == nil,
                    reported.insert("\(entry.id.remote)\n\(failure)").inserted, fetching
                {
                    update.notices.append("Photo not fetched: \(Self.name(of: entry.id.remote)): \(failure)")
                }
                // A preview plays until the full file is complete and checked, then the full one takes its place.
                guard let path = entry.localPath ?? entry.previewPath else { continue }
                if entry.localPath == nil {
                    previews[entry.id] = path
                } else if let preview = previews.removeValue(forKey: entry.id) {
                    successors[preview] = path
                }
                ids[path] = entry.id
                paths[entry.id] = path
                photos.append(
                    NetworkPhoto(
                        path: path, name: Self.name(of: entry.id.remote), id: entry.id.remote, caption: entry.caption,
                        taken: TakenDate(entry.taken)))
            }
            if content.setNetwork(photos, for: key) { update.playlists.insert(content.playlistName(of: key)) }
        }
    }

    private func awaited(_ content: PlaylistContent) -> Double? {
        for (_, item) in content.networkItems {
            for entry in mirror.snapshot(item.source) {
                guard let (received, total) = entry.progress else { continue }
                return total > 0 ? min(1, Double(received) / Double(total)) : 0
            }
        }
        return nil
    }

    private func logRefreshes() {
        for source in mirror.status.sources {
            guard let when = source.lastRefresh, refreshed[source.key] != when else { continue }
            refreshed[source.key] = when
            let status = mirror.status
            if let error = source.lastError {
                log.warning("\(source.name): \(error); the last good listing keeps playing (\(source.mirrored) photos)")
            } else {
                log.info(
                    "\(source.name): \(source.listed) listed, \(source.mirrored) mirrored; cache "
                        + "\(Self.megabytes(status.bytesOnDisk)) of \(Self.megabytes(status.cacheBytes))")
            }
        }
    }

    /// What globs match and notices name: the last part of an address, or an asset id.
    static func name(of remote: String) -> String {
        guard remote.contains("://") else { return remote }
        let path = NetworkAddress.redacted(remote)
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return last.removingPercentEncoding ?? last
    }

    static func megabytes(_ bytes: Int64) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
}
