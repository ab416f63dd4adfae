/// Motion of a slide while it is shown.
public enum DwellMotion: String, CaseIterable, Sendable, Codable {
    case still
    /// Slow zoom from 1.0 to 1.1 with a drift (Ken Burns).
    case kenburns
}
