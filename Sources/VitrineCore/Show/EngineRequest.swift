/// Something the engine asks its host (the SDL player) to do.
public enum EngineRequest: Equatable, Sendable {
    case quit
    case toggleFullscreen
    /// Read the configuration and the sources again (a remote asked).
    case reload
}
