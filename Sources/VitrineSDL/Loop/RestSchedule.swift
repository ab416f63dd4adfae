import VitrineCore

/// How long the play loop may sleep after a frame: between transitions, with nothing moving,
/// it waits for events until the next deadline instead of waking every frame.
///
///     moving ──picture unchanged, nothing busy──▶ resting(until the first deadline)
///       ▲                                               │
///       └──────── an event, a deadline, a frame to draw ┘
///
/// Deadlines come in two kinds. The show's own (the next transition, the clock overlay's next
/// minute, a notice going, a schedule change) are woken for a frame early, so the frame at the
/// deadline is drawn on time. The loop's own (a keep-alive frame for the watchdog, and a look
/// around every `lookAround` seconds while something that cannot wake it is there: a folder
/// being listed, network sources, display power devices) are woken for when they fall. What
/// can wake it (events, signals, remotes, folder events) rings it (`LoopWake`); with nothing
/// else, it rests up to `longest` (an hour when setting the wall clock rings it too).
struct RestSchedule: Equatable, Sendable {
    /// How often what cannot wake the loop is looked at while something of it is there (folders
    /// being listed, photos from the network, the web page's first screen, display power
    /// devices): `Frame.lookAround`.
    static let lookAround: Seconds = LookAround.seconds
    /// The longest rest when everything wakes the loop: a minute, so a jump of the wall clock
    /// (set by the network at boot) is seen within one.
    static let longest: Seconds = 60
    /// The longest rest when a set of the wall clock rings the loop too (`PlayerHooks.clockSetRings`):
    /// an hour, a last safety net.
    static let longestWhenTheClockRings: Seconds = 3600
    /// Shorter rests than this are not worth a wait: the loop keeps its frame pace.
    static let shortest: Seconds = 0.002

    /// One frame: show deadlines are woken for this much early.
    var frame = Seconds(1.0 / 60.0)

    /// What the loop saw at the end of a frame.
    struct Frame: Equatable, Sendable {
        /// The frame was drawn: the picture changed.
        var drawn: Bool
        /// Something moves without changing this frame's picture (decodes awaited, clips,
        /// browsing, a backlight fade, a show in step with others): no rest.
        var busy: Bool
        /// How long from now until each of the show's next changes.
        var showChanges: [Seconds]
        /// How long from now until a keep-alive frame is due; nil when none is wanted.
        var keepAlive: Seconds?
        /// How long from now until a look at what cannot wake the loop; nil when everything does.
        var lookAround: Seconds? = RestSchedule.lookAround
        /// The longest rest with nothing else to wake for.
        var longest: Seconds = RestSchedule.longest
    }

    /// How long to rest after `frame`; nil keeps the frame pace.
    func rest(after frame: Frame) -> Seconds? {
        guard !frame.drawn, !frame.busy else { return nil }
        var until = frame.lookAround ?? frame.longest
        for change in frame.showChanges where change.isFinite {
            // Too close to rest for: the next frames are paced as usual.
            if change - self.frame < Self.shortest { return nil }
            until = min(until, change - self.frame)
        }
        if let keepAlive = frame.keepAlive { until = min(until, max(.zero, keepAlive)) }
        return until < Self.shortest ? nil : until
    }

    /// The frame times a rest of `elapsed` is fed to a clock that takes at most
    /// `maxFrame` at once (it clamps longer frames, dropping the time of a stall): whole
    /// `maxFrame` pieces, then the rest for the frame that is drawn. A rest is not a stall.
    static func catchUp(_ elapsed: Seconds, maxFrame: Seconds) -> (pieces: Int, last: Seconds) {
        guard elapsed.isFinite, elapsed > maxFrame, maxFrame > .zero else { return (0, elapsed) }
        let pieces = Int((elapsed.value / maxFrame.value).rounded(.up)) - 1
        return (pieces, elapsed - maxFrame * Double(pieces))
    }
}
