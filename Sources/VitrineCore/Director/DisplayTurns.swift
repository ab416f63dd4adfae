/// The document's display section at work, as the director sees it: the room's watch
/// (`display.presence`, which turns the display off while nobody is there), whether the show is
/// paused because the display is off (`PowerPause`), and the power hooks, told of every turn.
struct DisplayTurns {
    /// Whether anyone is in the room; nil when the document watches for nobody.
    var room: PresenceWatch?
    /// Whether the show's pause is the display's.
    private(set) var pause = PowerPause.none
    /// The hooks of the document's display section (nil when it names no command).
    var hooks: (any DisplayPowerHooks)?

    init(hooks: (any DisplayPowerHooks)?, room: PresenceWatch? = nil) {
        self.hooks = hooks
        self.room = room
    }

    /// Whether the room's watch keeps the display off: nobody was there for `off-after`.
    var roomEmpty: Bool { room?.away ?? false }

    /// The show starts with the display `on` (or off): the hooks hear it; returns whether the
    /// show is to be paused (off), a pause that is the display's.
    mutating func start(on: Bool) -> Bool {
        if !on { pause = .pausedForDisplay }
        hooks?.displayTurned(on: on)
        return !on
    }

    /// The display turned `on` (or off) with the show `showPaused` as it is now: the hooks hear
    /// it; returns what to do to the show.
    mutating func turned(on: Bool, showPaused: Bool) -> PowerPause.Action {
        let action = pause.displayTurned(on: on, showPaused: showPaused)
        hooks?.displayTurned(on: on)
        return action
    }

    /// A user paused or resumed: the pause, if any, is theirs now.
    mutating func userChose() { pause.userChose() }

    /// Waits for a hook command still running (when quitting).
    func waitUntilIdle() { hooks?.waitUntilIdle() }
}
