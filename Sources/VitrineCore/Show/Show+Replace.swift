/// Changing what a running show plays without starting it over: used when a
/// watched folder or playlist file changes, and when a schedule switches playlists.
extension Show {
    /// Replaces the slide list. The slide showing stays showing (found by its
    /// source, `keeping` or the current one) and the timeline goes on; when it
    /// is no longer in the list, the show cuts at `time` to the first slide after
    /// it that still is, so a removed image is never drawn again.
    public mutating func replaceSlides(_ newSlides: [Slide], keeping source: String? = nil, at time: ShowTime) {
        let old = slides
        let oldIndex = index
        let wasEmpty = old.isEmpty
        slides = newSlides
        guard !newSlides.isEmpty else {
            index = 0
            pairs = SlidePairs()
            transition = nil
            pending = nil
            waitingSince = nil
            return
        }
        var positions: [String: [Int]] = [:]
        for (i, slide) in newSlides.enumerated() { positions[slide.path, default: []].append(i) }
        func locate(_ source: String, near: Int) -> Int? {
            positions[source]?.min { abs($0 - near) < abs($1 - near) }
        }
        let current = source ?? (old.indices.contains(oldIndex) ? old[oldIndex].path : nil)
        if !wasEmpty, let current, let found = locate(current, near: oldIndex) {
            index = found
            remapPairs(from: old, oldIndex: oldIndex, locate: locate)
            if var t = transition {
                if old.indices.contains(t.from), let from = locate(old[t.from].path, near: t.from) {
                    t.from = from
                    t.to = found
                    transition = t
                } else {
                    transition = nil
                }
            }
            if let move = pending {
                pending =
                    old.indices.contains(move.target)
                    ? locate(old[move.target].path, near: move.target).map {
                        PendingMove(target: $0, direction: move.direction, sourceRect: move.sourceRect)
                    } : nil
            }
            return
        }
        // The current slide is gone (or there was none): the first survivor after it, else the first slide.
        var next = 0
        if !wasEmpty {
            let order = Array(old.indices.dropFirst(oldIndex + 1)) + Array(old.indices.prefix(oldIndex))
            for j in order {
                if let found = locate(old[j].path, near: j) {
                    next = found
                    break
                }
            }
        }
        index = next
        pairs = SlidePairs()
        transition = nil
        pending = nil
        waitingSince = nil
        shownSince = time
        if pausedAt != nil { pausedAt = time }
    }

    /// Starts over with another slide list and options (a schedule switched
    /// playlists): slide `index` of it is shown from `time`, as a cut.
    public mutating func restart(
        slides newSlides: [Slide], options newOptions: ShowStyle, at time: ShowTime, index start: Int = 0
    ) {
        let paused = pausedAt != nil
        self = Show(slides: newSlides, options: newOptions)
        index = newSlides.indices.contains(start) ? start : 0
        shownSince = time
        if paused { pausedAt = time }
    }
}
