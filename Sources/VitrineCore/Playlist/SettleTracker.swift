/// Files that are being written: each becomes ready once its size and
/// modification time have stayed the same for `settle`, so a half-copied
/// photo is never shown. Time (the monotonic clock) is passed in.
public struct SettleTracker: Sendable {
    /// How long a file must stay unchanged.
    public var settle: Seconds

    private var pending: [String: (stamp: FileStamp?, since: MonotonicInstant)] = [:]

    public init(settle: Seconds = 1) {
        self.settle = settle
    }

    public var isEmpty: Bool { pending.isEmpty }
    public var count: Int { pending.count }
    public var paths: [String] { Array(pending.keys) }

    /// The file at `path` changed at `now` (created, written, closed).
    /// Only a change of size or modification time restarts the wait (see `check`),
    /// so closing a finished file does not delay it.
    public mutating func note(_ path: String, now: MonotonicInstant) {
        if pending[path] == nil { pending[path] = (nil, now) }
    }

    public mutating func forget(_ path: String) {
        pending[path] = nil
    }

    /// Forgets every file below `folder`.
    public mutating func forget(under folder: String) {
        let prefix = folder + "/"
        for path in pending.keys where path.hasPrefix(prefix) { pending[path] = nil }
    }

    /// Looks at every pending file at `now`: those unchanged for `settle` are
    /// ready; those that disappeared are gone. Both leave the tracker.
    public mutating func check(now: MonotonicInstant, stamp: (String) -> FileStamp?) -> (
        ready: [String], gone: [String]
    ) {
        var ready: [String] = []
        var gone: [String] = []
        for (path, entry) in pending {
            guard let current = stamp(path) else {
                gone.append(path)
                pending[path] = nil
                continue
            }
            if entry.stamp != current {
                pending[path] = (current, now)
            } else if now - entry.since >= settle {
                ready.append(path)
                pending[path] = nil
            }
        }
        return (ready.sorted(), gone.sorted())
    }
}
