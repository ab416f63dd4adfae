/// The frames a director has run: how many, for how long, and how the show's clock runs.
struct FrameCount: Equatable {
    /// How the show's clock runs: held, by the frames, or in step with the wall clock.
    var clock = ShowClockState.waiting
    /// Time of frames since the loop began, shown or not (for `--quit-after` on a status screen).
    private(set) var runTime = Seconds.zero
    /// Frames run so far (for the frame pace a remote can watch).
    private(set) var count = 0

    /// Whether the show's clock runs.
    var started: Bool { clock.hasStarted }

    /// One more frame, `frameTime` after the last.
    mutating func ran(_ frameTime: Seconds) {
        runTime += frameTime
        count += 1
    }
}

/// How the director drives the show's clock. It is held at zero until the first image is on the
/// screen (or the display is off); then it runs by the frames' durations, or, while the show is
/// in step with other screens (`--sync`), it is stepped to the wall clock's show time from an
/// anchor, made again when the slides, their timing or the wall clock jump.
///
///     waiting ──start──▶ running ──follow(synced: true)──▶ inStep(nil) ──anchored──▶ inStep(anchor)
///                           ▲                                                          │
///                           └──────────────────follow(synced: false)───────────────────┘
enum ShowClockState: Equatable {
    /// Held at zero until the first image is on the screen (or the display is off).
    case waiting
    /// Advanced by each frame's duration.
    case running
    /// Stepped to the wall clock's show time; nil until anchored (or while there is no timeline).
    case inStep(SyncAnchor?)

    /// Whether the show's clock runs.
    var hasStarted: Bool { self != .waiting }

    /// The clock starts (a clock that runs already stays as it is).
    mutating func start() {
        if self == .waiting { self = .running }
    }

    /// Follows whether the show is `synced` now: a running clock goes in step without an
    /// anchor, a clock in step leaves it (and its anchor). A clock still waiting stays so.
    mutating func follow(synced: Bool) {
        switch (self, synced) {
        case (.running, true): self = .inStep(nil)
        case (.inStep, false): self = .running
        default: break
        }
    }

    /// Where show time meets the wall clock while in step; setting it outside that is ignored.
    var anchor: SyncAnchor? {
        get {
            if case .inStep(let anchor) = self { return anchor }
            return nil
        }
        set {
            if case .inStep = self { self = .inStep(newValue) }
        }
    }
}
