/// The slideshow state machine: which slide shows, which transition runs, and
/// when the next one is due. Every change takes the show time as an argument;
/// transitions that were due start at their nominal time, so the state at time
/// t does not depend on how often `update` was called on the way there.
public struct Show: Sendable {
    public internal(set) var slides: [Slide]
    public internal(set) var options: ShowStyle

    /// The slide showing (the incoming one during a transition).
    public internal(set) var index: Int = 0
    public internal(set) var transition: ActiveTransition?
    /// Show time at which the current slide started coming in.
    public internal(set) var shownSince: ShowTime = .zero
    /// Show time at which the show was paused; nil while playing.
    public internal(set) var pausedAt: ShowTime?
    /// A move that waits for its image to be decoded.
    public internal(set) var pending: PendingMove? {
        didSet { if pending == nil { pendingSince = nil } }
    }
    /// Show time at which the pending move was asked for.
    public internal(set) var pendingSince: ShowTime?
    /// Show time from which the due auto-advance has been waiting for its image.
    public internal(set) var waitingSince: ShowTime?
    /// Show time of the first update; with `revealedAt`, tells whether the first photo came late.
    public internal(set) var startedAt: ShowTime?
    /// Show time at which the first photo could first be drawn.
    public internal(set) var revealedAt: ShowTime?
    /// Which slides share the screen (`--pair`).
    public internal(set) var pairs = SlidePairs()

    /// A move requested before its target image was ready.
    public struct PendingMove: Equatable, Sendable {
        public var target: Int
        public var direction: Int
        public var sourceRect: Rect?
    }

    public init(slides: [Slide], options: ShowStyle) {
        self.slides = slides
        self.options = options
    }

    public var count: Int { slides.count }
    public var isPaused: Bool { pausedAt != nil }

    /// How long slide `i` stays before the next transition starts.
    public func dwell(_ i: Int) -> Seconds {
        guard slides.indices.contains(i) else { return options.interval }
        return slides[i].duration ?? options.interval
    }

    /// The slide after `i`, wrapping when looping; nil at the end without looping. Slides
    /// already shown as a partner (`--pair`) are passed over.
    public func index(after i: Int) -> Int? {
        guard count > 1 else { return nil }
        var j = i
        for _ in 0..<count {
            if j + 1 < count {
                j += 1
            } else if options.loop {
                j = 0
            } else {
                return nil
            }
            if j == i { return nil }
            if pairs.taken[j] == nil { return j }
        }
        return nil
    }

    /// The slide before `i`, wrapping when looping; nil at the start without looping.
    public func index(before i: Int) -> Int? {
        guard count > 1 else { return nil }
        if i > 0 { return i - 1 }
        return options.loop ? count - 1 : nil
    }

    /// Show time at which the next auto-advance is due, nil when none will happen.
    public var nextAdvanceTime: ShowTime? {
        guard pausedAt == nil, index(after: index) != nil else { return nil }
        return shownSince + dwell(index)
    }

    /// Runs the show up to `time`: ends finished transitions, starts moves whose
    /// images are ready, and auto-advances. `isReady` says whether a slide's image can be drawn;
    /// `facts` what is known of it for pairing (`--pair`).
    public mutating func update(
        to time: ShowTime, isReady: (Int) -> Bool, facts: (Int) -> PairFacts? = { _ in nil }
    ) {
        if startedAt == nil { startedAt = time }
        if revealedAt == nil, slides.indices.contains(index), isReady(index) {
            revealedAt = time
            choosePartner(for: index, facts: facts)
        }
        if let t = transition, t.isFinished(at: time) { transition = nil }
        if let move = pending {
            guard isReady(move.target) else { return }
            pending = nil
            begin(move.target, direction: move.direction, at: time, sourceRect: move.sourceRect, facts: facts)
            if let t = transition, t.isFinished(at: time) { transition = nil }
        }
        guard pausedAt == nil else { return }
        while let due = nextAdvanceTime, time >= due, let target = index(after: index) {
            guard isReady(target) else {
                if waitingSince == nil { waitingSince = due }
                return
            }
            // On time when it was ready when due; otherwise it starts now.
            let start = waitingSince == nil ? due : time
            waitingSince = nil
            begin(target, direction: 1, at: start, sourceRect: nil, facts: facts)
            if let t = transition, t.isFinished(at: time) { transition = nil }
        }
    }

    /// Moves to the next slide (wrapping when looping) with its transition.
    public mutating func next(at time: ShowTime, isReady: (Int) -> Bool, facts: (Int) -> PairFacts? = { _ in nil }) {
        if let target = index(after: index) {
            move(to: target, direction: 1, at: time, isReady: isReady, facts: facts)
        }
    }

    /// Moves to the previous slide (wrapping when looping) with its transition.
    public mutating func previous(
        at time: ShowTime, isReady: (Int) -> Bool, facts: (Int) -> PairFacts? = { _ in nil }
    ) {
        if let target = index(before: index) {
            move(to: target, direction: -1, at: time, isReady: isReady, facts: facts)
        }
    }

    /// Moves to slide `target`; the direction follows the index unless given.
    public mutating func move(
        to target: Int, direction: Int? = nil, at time: ShowTime, sourceRect: Rect? = nil, isReady: (Int) -> Bool,
        facts: (Int) -> PairFacts? = { _ in nil }
    ) {
        guard slides.indices.contains(target), target != index || transition != nil else { return }
        let dir = direction ?? (target >= index ? 1 : -1)
        waitingSince = nil
        if isReady(target) {
            pending = nil
            begin(target, direction: dir, at: time, sourceRect: sourceRect, facts: facts)
        } else {
            if pending == nil { pendingSince = time }
            pending = PendingMove(target: target, direction: dir, sourceRect: sourceRect)
        }
    }

    /// Shows slide `target` at once, ending any transition: browse mode pages
    /// with its own animation and only needs the index to follow.
    public mutating func cut(to target: Int, at time: ShowTime) {
        guard slides.indices.contains(target) else { return }
        pending = nil
        waitingSince = nil
        transition = nil
        guard target != index else { return }
        forgetPairs(from: target)
        index = target
        shownSince = time
        if pausedAt != nil { pausedAt = time }
    }

    public mutating func pause(at time: ShowTime) {
        if pausedAt == nil { pausedAt = time }
    }

    /// Resumes; the current slide gets the rest of its dwell time.
    public mutating func resume(at time: ShowTime) {
        guard let since = pausedAt else { return }
        shownSince = shownSince + (time - since)
        pausedAt = nil
    }

    public mutating func togglePause(at time: ShowTime) {
        if isPaused { resume(at: time) } else { pause(at: time) }
    }

    private mutating func begin(
        _ target: Int, direction: Int, at start: ShowTime, sourceRect: Rect?, facts: (Int) -> PairFacts?
    ) {
        let kind = slides[target].transition ?? options.transition
        let duration = kind == .none ? .zero : min(options.transitionDuration, dwell(target))
        if duration > .zero {
            transition = ActiveTransition(
                kind: kind, from: index, to: target, start: start, duration: duration, direction: direction,
                sourceRect: sourceRect, fromSince: shownSince)
            transition?.fromPartner = pairs.partner
        } else {
            transition = nil
        }
        choosePartner(for: target, facts: facts)
        index = target
        shownSince = start
        if pausedAt != nil { pausedAt = start }
    }
}

extension Show {
    /// Removes slide `i` (an image that cannot be shown); indices after it shift down.
    public mutating func removeSlide(at i: Int) {
        guard slides.indices.contains(i) else { return }
        removeFromPairs(i)
        slides.remove(at: i)
        func shifted(_ j: Int) -> Int { j > i ? j - 1 : j }
        if let move = pending {
            pending =
                move.target == i
                ? nil
                : PendingMove(
                    target: shifted(move.target), direction: move.direction, sourceRect: move.sourceRect)
        }
        if var t = transition {
            if t.from == i || t.to == i {
                transition = nil
            } else {
                t.from = shifted(t.from)
                t.to = shifted(t.to)
                transition = t
            }
        }
        if index > i || index >= slides.count { index = slides.isEmpty ? 0 : min(shifted(index), slides.count - 1) }
    }
}
