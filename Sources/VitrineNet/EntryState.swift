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
    /// No download of it before this instant.
    var nextAttempt = MonotonicInstant.distantPast

    init(remote: RemoteEntry) { self.remote = remote }
}
