import Foundation
import VitrineCore

/// How the mirror works: where the cache is, how big it may grow, how often listings are refreshed,
/// and the limits every transfer is held to.
public struct MirrorConfiguration: Sendable {
    /// The cache folder (`CacheDirectory=` of the unit; `--cache-dir`).
    public var cacheDirectory: String
    /// Bytes the mirrored files may take in all (`--cache-size`); least recently shown leave first.
    public var cacheBytes: Int64
    /// One file larger than this is refused while it arrives.
    public var fileBytes: Int64
    /// Seconds between listing refreshes (each also revalidates the mirrored files).
    public var refreshInterval: Double
    /// Downloads at once to one host, and in all.
    public var perHostDownloads: Int
    public var totalDownloads: Int
    public var timeouts: NetworkTimeouts
    public var limits: ListingLimits
    /// The first wait after a host failed, doubled per failure up to `backoffMaximum`, with ±50 % jitter.
    public var backoffBase: Double
    public var backoffMaximum: Double
    /// A source that has never listed is tried again this long after its first try, then after twice
    /// as long each time (10 s, 20 s …, ±10 %), up to `refreshInterval`: a frame that booted before
    /// its network shows photos soon after the network comes.
    public var firstListingRetry: Double
    /// Asked of every complete download before it becomes playable (for example a real decode in a
    /// worker); nil checks the magic bytes only.
    public var decodeProbe: (@Sendable (_ path: String) -> Bool)?
    /// The frame's wall clock, for the day whose memories an Immich `"memories": true` source lists.
    public var wallClock: @Sendable () -> Date = { Date() }
    /// The frame's time zone, for the same.
    public var timeZone: TimeZone = .current

    public init(
        cacheDirectory: String = "/var/cache/vitrine", cacheBytes: Int64 = 2 * 1024 * 1024 * 1024,
        fileBytes: Int64 = 100 * 1024 * 1024, refreshInterval: Double = 600, perHostDownloads: Int = 2,
        totalDownloads: Int = 4, timeouts: NetworkTimeouts = NetworkTimeouts(), limits: ListingLimits = ListingLimits(),
        backoffBase: Double = 5, backoffMaximum: Double = 600, firstListingRetry: Double = 5,
        decodeProbe: (@Sendable (String) -> Bool)? = nil
    ) {
        self.cacheDirectory = cacheDirectory
        self.cacheBytes = cacheBytes
        self.fileBytes = fileBytes
        self.refreshInterval = refreshInterval
        self.perHostDownloads = perHostDownloads
        self.totalDownloads = totalDownloads
        self.timeouts = timeouts
        self.limits = limits
        self.backoffBase = backoffBase
        self.backoffMaximum = backoffMaximum
        self.firstListingRetry = firstListingRetry
        self.decodeProbe = decodeProbe
    }
}

/// Names one photo of one source, for `progress(for:)` and `prioritize(_:)`.
public struct MirrorEntryID: Hashable, Sendable {
    /// `NetworkSource.key` of the source.
    public var source: String
    /// `RemoteEntry.id`: the photo's URL, or its Immich asset id.
    public var remote: String

    public init(source: String, remote: String) {
        self.source = source
        self.remote = remote
    }
}

/// One photo of a source's last good listing, as the show sees it.
public struct MirroredEntry: Equatable, Sendable {
    public var id: MirrorEntryID
    public var caption: String?
    /// When the photo was taken, as its listing says (`YYYY-MM-DDTHH:MM:SS`), if it does.
    public var taken: String?
    /// The complete, checked file in the cache; nil while it is not (yet) mirrored.
    public var localPath: String?
    /// A smaller render to show while the full one downloads (Immich's thumbnail, a feed's preview).
    public var previewPath: String?
    /// Bytes received and expected while downloading (`total` 0 while unknown).
    public var progress: (received: Int64, total: Int64)?
    /// Raised each time a new version of the file replaces the old one, so a shown slide can be reloaded.
    public var revision: Int
    /// Why the last attempt failed (one line), if it did.
    public var failure: String?

    /// Only complete, checked files play.
    public var isPlayable: Bool { localPath != nil }

    public static func == (a: MirroredEntry, b: MirroredEntry) -> Bool {
        a.id == b.id && a.caption == b.caption && a.taken == b.taken && a.localPath == b.localPath
            && a.previewPath == b.previewPath
            && a.progress?.received == b.progress?.received && a.progress?.total == b.progress?.total
            && a.revision == b.revision && a.failure == b.failure
    }
}

/// The mirror at a glance, for `--print-state`, `vitrine check` and the log.
public struct MirrorStatus: Sendable {
    public struct Source: Sendable {
        public var key: String
        /// The source without credentials or query.
        public var name: String
        public var listed: Int
        public var mirrored: Int
        public var downloading: Int
        public var lastRefresh: Date?
        public var lastGoodListing: Date?
        public var lastError: String?
        /// Why the last listing was not taken although it was good: it would remove half or more
        /// of the photos, and waits for a later listing to agree.
        public var held: String?
        /// The source's server (host and port), for "Waiting for photos from …".
        public var host: String = ""
    }

    public var bytesOnDisk: Int64
    public var cacheBytes: Int64
    public var sources: [Source]

    /// One JSON object, for `--print-state`.
    public var json: JSONOutput {
        func date(_ d: Date?) -> JSONOutput? { d.map { .number($0.timeIntervalSince1970.rounded()) } }
        let list = sources.map { s in
            JSONOutput.object(omittingNil: [
                ("source", .string(s.name)), ("listed", .integer(s.listed)), ("mirrored", .integer(s.mirrored)),
                ("downloading", .integer(s.downloading)), ("lastRefresh", date(s.lastRefresh)),
                ("lastGoodListing", date(s.lastGoodListing)), ("lastError", s.lastError.map { .string($0) }),
                ("held", s.held.map { .string($0) }),
            ])
        }
        return .object([
            ("bytesOnDisk", .integer(Int(bytesOnDisk))), ("cacheBytes", .integer(Int(cacheBytes))),
            ("sources", .array(list)),
        ])
    }
}
