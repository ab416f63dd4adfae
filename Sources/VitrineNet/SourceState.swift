import Foundation
import VitrineCore

/// One source's state: its last good listing and how the last refresh went.
struct SourceState: Sendable {
    var source: NetworkSource
    var entries: [EntryState] = []
    var listingValidators: Validators?
    var lastRefresh: Date?
    var lastGoodListing: Date?
    var lastError: String?
    var refreshing = false
    /// The next listing is due at this instant; `distantPast` asks for one at once.
    var nextRefresh = MonotonicInstant.distantPast
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
                entry.nextAttempt = .distantPast
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
