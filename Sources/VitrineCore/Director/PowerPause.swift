/// Display power as the director sees it: whether the show is paused because the display is
/// off. The display going off pauses a running show; coming back on resumes it only if that
/// pause was the display's. A user's pause (or resume) while the display is off makes it theirs.
enum PowerPause: Equatable {
    /// The show is not paused for the display (running, or paused by a user).
    case none
    /// The display is off and paused the show; it resumes when the display comes back.
    case pausedForDisplay

    /// What to do to the show.
    enum Action: Equatable {
        case pause
        case resume
        case none
    }

    /// The display turned `on` (or off) with the show `showPaused` as it is now.
    mutating func displayTurned(on: Bool, showPaused: Bool) -> Action {
        if on, self == .pausedForDisplay {
            self = .none
            return .resume
        }
        if !on, !showPaused {
            self = .pausedForDisplay
            return .pause
        }
        return .none
    }

    /// A user paused or resumed: the pause, if any, is theirs now.
    mutating func userChose() { self = .none }

    /// Whether the show's pause is the display's.
    var isPausedForDisplay: Bool { self == .pausedForDisplay }
}
