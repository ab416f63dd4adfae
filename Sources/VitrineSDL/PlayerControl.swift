import VitrineCore
import VitrineMedia

/// What the play loop should do, as decided outside it (signals, a service manager).
public enum PlayerControl: Equatable, Sendable {
    case keepGoing
    /// End cleanly: save the position and return 0.
    case stop
    /// Read the configuration and the sources again.
    case reload
}
