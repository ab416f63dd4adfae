/// Whether anyone is in the room, as the director sees it over show time: each source's last
/// word, touches as moments of presence, and from those whether the display may stay on
/// (`away`: nobody for `offAfter` seconds) and whether someone was there during a slide.
///
/// `away` changes only in `follow(at:)` or a report, so the display's state never changes
/// between frames without the director hearing of it.
public struct PresenceWatch: Equatable, Sendable {
    public let spec: PresenceSpec
    /// Each source's last word.
    private(set) var levels: [String: Bool] = [:]
    /// The last show time someone was known present (a source said so, or a touch); nil before any.
    public private(set) var lastPresent: ShowTime?
    /// Since when nobody is present (the start counts, so the display stays on `offAfter` after it).
    private var absentSince: ShowTime?
    /// Nobody was present for `offAfter`: the display is off (inside the schedule's on windows).
    public private(set) var away = false

    public init(spec: PresenceSpec, at time: ShowTime) {
        self.spec = spec
        absentSince = time
    }

    /// Whether a source says someone is there now.
    public var isPresent: Bool { levels.values.contains(true) }

    /// A source's word at show time `time`.
    public mutating func report(_ report: PresenceReport, at time: ShowTime) {
        let was = isPresent
        levels[report.source] = report.present
        if isPresent {
            lastPresent = time
            absentSince = nil
            away = false
        } else if was {
            lastPresent = time
            absentSince = time
        }
    }

    /// A touch or key press at `time`: someone is there (when touch counts).
    public mutating func touched(at time: ShowTime) {
        guard spec.touch else { return }
        lastPresent = time
        away = false
        if !isPresent { absentSince = time }
    }

    /// Time passes: nobody for `offAfter` makes the room `away`.
    public mutating func follow(at time: ShowTime) {
        if isPresent {
            lastPresent = time
        } else if let since = absentSince, time - since >= spec.offAfter {
            away = true
        }
    }

    /// Whether someone was present at any moment from `start` until now.
    public func wasPresent(since start: ShowTime) -> Bool {
        isPresent || (lastPresent.map { $0 >= start } ?? false)
    }

    /// Show time when the room becomes `away` if nobody comes; nil when someone is there or it is already.
    public var awayAt: ShowTime? {
        guard !away, !isPresent, let since = absentSince else { return nil }
        return since + spec.offAfter
    }
}

/// A level that counts only once it has held for `debounce` (a GPIO line's bounces and a
/// PIR's flicker are not presence changes). Pure: times (the monotonic clock) are given.
public struct DebouncedLevel: Equatable, Sendable {
    public let debounce: Seconds
    /// The level that counts, nil until the first has held.
    public private(set) var stable: Bool?
    private var candidate: (level: Bool, since: MonotonicInstant)?

    public init(debounce: Seconds) {
        self.debounce = max(.zero, debounce)
    }

    public static func == (a: DebouncedLevel, b: DebouncedLevel) -> Bool {
        a.debounce == b.debounce && a.stable == b.stable && a.candidate?.level == b.candidate?.level
            && a.candidate?.since == b.candidate?.since
    }

    /// The line reads `level` at `time`; returns the new stable level when it changed.
    public mutating func read(_ level: Bool, at time: MonotonicInstant) -> Bool? {
        if level == stable {
            candidate = nil
            return nil
        }
        if candidate?.level != level { candidate = (level, time) }
        return settle(at: time)
    }

    /// Time passes with no new reading; returns the new stable level when the candidate held.
    /// Compared against `settlesAt` itself, so a reader that waits until then finds it settled.
    public mutating func settle(at time: MonotonicInstant) -> Bool? {
        guard let c = candidate, let due = settlesAt, time >= due else { return nil }
        stable = c.level
        candidate = nil
        return c.level
    }

    /// When the candidate level would count, if one is waiting.
    public var settlesAt: MonotonicInstant? { candidate.map { $0.since + debounce } }
}
