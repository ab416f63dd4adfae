import Foundation
import VitrineCore

/// A good listing that would remove half or more of a source's photos (or all of them): not taken
/// until a second listing, at least a refresh interval later, would remove the very same photos.
struct HeldListing: Sendable {
    /// The ids the listing would remove.
    var removes: Set<String>
    /// When it was first seen.
    var since: MonotonicInstant
    /// Why, in one line, for the log and `--print-state`.
    var reason: String
}

/// What a good listing does to the mirror.
enum ListingVerdict: Equatable {
    /// Taken: photos no longer listed leave.
    case take
    /// Held: nothing changes until a later listing agrees.
    case hold(HeldListing.Reasoned)
}

extension HeldListing {
    /// The reason of a held listing and whether it is new (for the log: said once per new hold).
    struct Reasoned: Equatable {
        var reason: String
        var isNew: Bool
    }

    /// Decides whether `listing` may replace `entries`: a listing removing fewer than half of them
    /// is taken; one removing half or more is taken only when `held` (the one kept pending) removes
    /// the same photos and was seen at least `interval` before `now`. `held` is updated.
    static func judge(
        _ listing: [RemoteEntry], replacing entries: [EntryState], held: inout HeldListing?,
        now: MonotonicInstant, interval: Seconds
    ) -> ListingVerdict {
        let listed = Set(listing.map(\.id))
        let removes = Set(entries.lazy.map(\.remote.id).filter { !listed.contains($0) })
        guard !entries.isEmpty, removes.count * 2 >= entries.count else {
            held = nil
            return .take
        }
        if let previous = held, previous.removes == removes {
            if now - previous.since >= interval {
                held = nil
                return .take
            }
            return .hold(Reasoned(reason: previous.reason, isNew: false))
        }
        let all = removes.count == entries.count
        let reason =
            "a listing that would remove \(all ? "all \(entries.count)" : "\(removes.count) of \(entries.count)") "
            + "photos is held: they stay until a listing at least \(Int(interval.value.rounded())) s later agrees"
        held = HeldListing(removes: removes, since: now, reason: reason)
        return .hold(Reasoned(reason: reason, isNew: true))
    }
}

extension Mirror {
    /// When a source whose listing failed is tried again: a source that never listed after 5 s,
    /// 5 s, 10 s, 20 s … (its `tries`-th failure, ±10 %) up to the refresh interval; a listed one at
    /// the next refresh. A `Retry-After` is waited for in full, never less.
    func nextListingTry(afterFailure tries: Int, neverListed: Bool, retryAfter: Seconds?) -> Seconds {
        let refresh = configuration.refreshInterval
        var wait = refresh
        if neverListed {
            let doubled = configuration.firstListingRetry * pow(2, Double(max(0, min(tries - 2, 30))))
            wait = min(refresh, doubled) * Double.random(in: 0.9...1.1)
        }
        if let retryAfter { wait = neverListed ? max(retryAfter, .zero) : max(wait, retryAfter) }
        return wait
    }
}
