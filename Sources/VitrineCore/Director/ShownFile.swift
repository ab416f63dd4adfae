/// The file of the slide on the screen as it changes. The feed hears of each new one once, and
/// once more when it counts as seen; a file replaced under it (a preview by its full photo) keeps
/// its old image standing in, drawn where the new one will be, until the new one is loaded.
///
///     showing(new, at: t) ──▶ unseen(new, since: t) ──counted(new)──▶ seen (nothing pending)
struct ShownFile: Equatable {
    /// Replaced files whose old image stands in: new path → old path.
    private(set) var standIns: [String: String] = [:]
    /// The file last reported to the feed as showing.
    private var reported: String?
    /// The file on the screen not yet counted as seen, and the show time since when it shows.
    private(set) var unseen: (path: String, since: ShowTime)?

    static func == (a: ShownFile, b: ShownFile) -> Bool {
        a.standIns == b.standIns && a.reported == b.reported && a.unseen?.path == b.unseen?.path
            && a.unseen?.since == b.unseen?.since
    }

    /// The slide's file `old` was replaced by `new`: the old image stands in.
    mutating func replaced(_ old: String, by new: String) { standIns[new] = old }

    /// Drops the stand-ins no longer needed (the new image is loaded) or no longer possible
    /// (the old one is gone).
    mutating func prune(_ images: LoadedImages) {
        standIns = standIns.filter { images.images[$0.key] == nil && images.images[$0.value] != nil }
    }

    /// The images to draw: each replaced file not yet loaded shows its old image.
    func drawn(_ images: LoadedImages) -> LoadedImages {
        var shown = images
        for (new, old) in standIns where images.images[new] == nil { shown.images[new] = images.images[old] }
        return shown
    }

    /// The file whose image is drawn for `path`: its stand-in while it is not loaded, else itself.
    func file(for path: String, in images: LoadedImages) -> String {
        if images.images[path] == nil, let old = standIns[path], images.images[old] != nil { return old }
        return path
    }

    /// `path` shows now (show time `time`); true when the feed has not heard of it yet (it counts
    /// as heard, and as unseen since `time`).
    mutating func showing(_ path: String, at time: ShowTime) -> Bool {
        guard path != reported else { return false }
        reported = path
        unseen = (path, time)
        return true
    }

    /// The show time since when `path` shows, while it is on the screen and not yet counted as seen.
    func unseenSince(_ path: String) -> ShowTime? {
        guard let unseen, unseen.path == path else { return nil }
        return unseen.since
    }

    /// `path` counts as seen now: the feed hears of it once (a later call does nothing).
    mutating func counted(_ path: String) {
        if unseen?.path == path { unseen = nil }
    }
}
