/// Pairing: a photo of the kind that pairs takes, as its partner, the next photo of its kind
/// among the following `SlidePairs.window` slides, preferring one taken the same day. The
/// partner is brought forward; the slides between keep their order, and the partner is
/// passed over when the show reaches its place.
extension Show {
    /// The slide shown beside slide `i` now, if any (the slide showing, or the outgoing one).
    public func partner(of i: Int) -> Int? {
        if i == index { return pairs.partner }
        if let t = transition, t.from == i { return t.fromPartner }
        return nil
    }

    /// The slides after `target` that may become its partner, nearest first (what the
    /// decode plan asks for ahead, so their kinds are known in time).
    public func pairCandidates(after target: Int) -> [Int] {
        guard options.pair, slides.indices.contains(target) else { return [] }
        var list: [Int] = []
        var j = target + 1
        while j < count, list.count < SlidePairs.window {
            if pairs.taken[j] == nil || pairs.taken[j] == target { list.append(j) }
            j += 1
        }
        return list
    }

    /// Decides the partner of `target`, now beginning: forgets what slides at or after it
    /// took, then looks for a partner among the candidates whose facts are known (a photo
    /// not decoded yet cannot be a partner: the photo shows alone rather than wait).
    mutating func choosePartner(for target: Int, facts: (Int) -> PairFacts?) {
        forgetPairs(from: target)
        guard options.pair, slides.indices.contains(target), slides[target].video == nil,
            let own = facts(target), own.pairs
        else { return }
        var chosen: Int?
        for j in pairCandidates(after: target) {
            guard slides[j].video == nil, let other = facts(j), other.pairs else { continue }
            if let day = own.day, other.day == day {
                chosen = j
                break
            }
            if chosen == nil { chosen = j }
            if own.day == nil { break }
        }
        guard let partner = chosen else { return }
        pairs.partner = partner
        pairs.taken[partner] = target
    }

    /// Slide `target` begins alone: what it and the slides after it took as partners is
    /// forgotten (those partners keep their own places again).
    mutating func forgetPairs(from target: Int) {
        pairs.taken = pairs.taken.filter { $0.value < target && $0.key > target }
        pairs.partner = nil
    }

    /// The slide showing is shown alone from now (a tap opened one half of a pair).
    public mutating func unpair() {
        if let p = pairs.partner, pairs.taken[p] == index { pairs.taken[p] = nil }
        pairs.partner = nil
    }

    /// Keeps the pairs across a change of the slide list: each slide found again by its path.
    /// When the slide showing is now another photo (the one showing was hidden), that photo
    /// shows alone, and the partner of the one before keeps its own place.
    mutating func remapPairs(from old: [Slide], oldIndex: Int, locate: (String, Int) -> Int?) {
        func moved(_ i: Int?) -> Int? {
            guard let i, old.indices.contains(i) else { return nil }
            return locate(old[i].path, i)
        }
        let same =
            old.indices.contains(oldIndex) && slides.indices.contains(index)
            && old[oldIndex].path == slides[index].path
        if !same {
            pairs.taken = pairs.taken.filter { $0.value != oldIndex }
            pairs.partner = nil
        }
        renumberPairs(moved)
        if pairs.partner == index { pairs.partner = nil }
    }

    /// Slide `i` left the list: pairs with it end (its partner keeps its own place), later
    /// indices shift down. When it is the slide showing, the slide that takes its place shows alone.
    mutating func removeFromPairs(_ i: Int) {
        if i == index { pairs.partner = nil }
        func shifted(_ j: Int?) -> Int? {
            guard let j, j != i else { return nil }
            return j > i ? j - 1 : j
        }
        renumberPairs(shifted)
    }

    /// Renumbers the slides of the pairs (the partner showing, the one leaving with the
    /// transition, the slides taken as partners) through `map`; a slide it maps to nil leaves its pair.
    private mutating func renumberPairs(_ map: (Int?) -> Int?) {
        pairs.partner = map(pairs.partner)
        if var t = transition {
            t.fromPartner = map(t.fromPartner)
            transition = t
        }
        var taken: [Int: Int] = [:]
        for (partner, owner) in pairs.taken {
            if let p = map(partner), let o = map(owner) { taken[p] = o }
        }
        pairs.taken = taken
    }
}

extension ShowEngine {
    /// What is known of slide `i` for pairing, from the size and metadata of its decoded photo;
    /// nil for a photo not decoded yet, or when the show does not pair. Long photos never pair.
    static func pairFact(
        _ i: Int, screen: Size, style: ShowStyle, imageSize: (Int) -> Size?, metadata: (Int) -> ImageMetadata?
    ) -> PairFacts? {
        guard style.pair, let size = imageSize(i) else { return nil }
        let long = LongPhoto.axis(imageSize: size, screen: screen, ratio: style.longPhotoRatio) != nil
        return PairFacts(
            pairs: !long && PairFacts.pairs(size, screen: screen), day: PairFacts.day(of: metadata(i)?.dateTaken))
    }
}
