import Foundation
import VitrineCore

/// One photo's state in the mirror: what the listing says, what the cache holds, what is under way.
struct EntryState: Sendable {
    var remote: RemoteEntry
    /// Cache file names (inside the cache folder), only once complete and checked.
    var file: String?
    var preview: String?
    var bytes: Int64 = 0
    var previewBytes: Int64 = 0
    /// Validators of the mirrored file, for revalidation.
    var validators = Validators()
    /// The listing's version the file was fetched at.
    var version: String?
    /// Validators of the partial download kept in `<hash>.part`, for a `Range` resume.
    var partValidators: Validators?
    /// Seconds since 1970 it was last shown (or mirrored); least recently used leave first.
    var lastUsed: Double = 0
    var revision = 0
    // Live only, not persisted:
    var downloading = false
    var received: Int64 = 0
    var total: Int64 = 0
    var needsCheck = false
    var previewTried = false
    /// Left out for room: fetched again only when the show asks for it.
    var evicted = false
    var failure: String?
    var failures = 0
    var nextAttempt: Double = 0

    init(remote: RemoteEntry) { self.remote = remote }
}

/// One source's state: its last good listing and how the last refresh went.
struct SourceState: Sendable {
    var source: NetworkSource
    var entries: [EntryState] = []
    var listingValidators: Validators?
    var lastRefresh: Date?
    var lastGoodListing: Date?
    var lastError: String?
    var refreshing = false
    var nextRefresh: Double = 0
    var access: SourceAccess?

    init(source: NetworkSource) { self.source = source }

    var key: String { source.key }

    /// Takes a good listing: order from it, kept files for ids still listed, the others returned for deletion.
    /// A listing version that differs from the mirrored file's (or none at all) asks for a revalidation.
    mutating func merge(_ listing: [RemoteEntry], validators: Validators, now: Date) -> [EntryState] {
        var old: [String: EntryState] = [:]
        for entry in entries { old[entry.remote.id] = entry }
        var merged: [EntryState] = []
        merged.reserveCapacity(listing.count)
        for remote in listing {
            if var entry = old.removeValue(forKey: remote.id) {
                if entry.file != nil, remote.version == nil || remote.version != entry.version {
                    entry.needsCheck = true
                }
                if remote.url != entry.remote.url { entry.needsCheck = true }
                entry.remote = remote
                entry.failures = 0
                entry.nextAttempt = 0
                merged.append(entry)
            } else {
                merged.append(EntryState(remote: remote))
            }
        }
        entries = merged
        listingValidators = validators
        lastGoodListing = now
        lastRefresh = now
        lastError = nil
        return Array(old.values)
    }
}

/// The per-host backoff: each failure doubles the wait (with jitter), a success clears it.
struct HostBackoff: Sendable {
    var failures = 0
    var until: Double = 0

    mutating func failed(now: Double, base: Double, maximum: Double) {
        failures += 1
        let wait = min(maximum, base * pow(2, Double(min(failures - 1, 30))))
        until = now + wait * Double.random(in: 0.5...1.5)
    }

    mutating func succeeded() {
        failures = 0
        until = 0
    }
}

/// Names in the cache folder: a hash of the source and the photo's id, and an extension taken from
/// the file's own first bytes, so nothing a server sends can name a path.
enum CacheName {
    static func stem(source: String, id: String) -> String {
        String(SHA256.hex(source + "\n" + id).prefix(32))
    }

    static func part(_ stem: String, preview: Bool = false) -> String { stem + (preview ? ".preview.part" : ".part") }

    static func file(_ stem: String, kind: ImageKind, preview: Bool = false) -> String {
        stem + (preview ? ".preview." : ".") + kind.rawValue
    }

    /// Whether `name` is one the mirror could have made (hex stem, known suffix), for cleaning up.
    static func isOurs(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].count == 32, parts[0].allSatisfy(\.isHexDigit) else { return false }
        return true
    }
}
