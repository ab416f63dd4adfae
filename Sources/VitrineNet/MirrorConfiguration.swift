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
    /// The time between listing refreshes (each also revalidates the mirrored files).
    public var refreshInterval: Seconds
    /// Downloads at once to one host, and in all.
    public var perHostDownloads: Int
    public var totalDownloads: Int
    public var timeouts: NetworkTimeouts
    public var limits: ListingLimits
    /// The first wait after a host failed, doubled per failure up to `backoffMaximum`, with ±50 % jitter.
    public var backoffBase: Seconds
    public var backoffMaximum: Seconds
    /// A source that has never listed is tried again this long after its first try, then after twice
    /// as long each time (10 s, 20 s …, ±10 %), up to `refreshInterval`: a frame that booted before
    /// its network shows photos soon after the network comes.
    public var firstListingRetry: Seconds
    /// Asked of every complete download before it becomes playable (for example a real decode in a
    /// worker); nil checks the magic bytes only.
    public var decodeProbe: (@Sendable (_ path: String) -> Bool)?
    /// The frame's wall clock, for the day whose memories an Immich `"memories": true` source lists.
    public var wallClock: @Sendable () -> Date = { Date() }
    /// The frame's time zone, for the same.
    public var timeZone: TimeZone = .current

    public init(
        cacheDirectory: String = "/var/cache/vitrine", cacheBytes: Int64 = 2 * 1024 * 1024 * 1024,
        fileBytes: Int64 = 100 * 1024 * 1024, refreshInterval: Seconds = 600, perHostDownloads: Int = 2,
        totalDownloads: Int = 4, timeouts: NetworkTimeouts = NetworkTimeouts(), limits: ListingLimits = ListingLimits(),
        backoffBase: Seconds = 5, backoffMaximum: Seconds = 600, firstListingRetry: Seconds = 5,
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
