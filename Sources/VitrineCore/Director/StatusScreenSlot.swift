/// The status screen as the director keeps it: shown while the show is empty (a problem, a
/// listing, a network wait, onboarding, no images), and put away once slides arrive, but only
/// a screen the director itself put up.
enum StatusScreenSlot: Equatable {
    /// The director shows no status screen.
    case hidden
    /// The director put up a status screen.
    case shown

    /// What to do to the engine's status.
    enum Action: Equatable {
        case show(StatusScreen)
        case hide
        case none
    }

    /// The screen the director wants now (nil: the slides); returns what to do to the engine.
    mutating func update(wanted: StatusScreen?) -> Action {
        if let wanted {
            self = .shown
            return .show(wanted)
        }
        guard self == .shown else { return .none }
        self = .hidden
        return .hide
    }
}
