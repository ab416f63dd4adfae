/// The keys the show reacts to, named as in input traces (`"key":"right"`).
public enum Key: String, CaseIterable, Sendable, Codable {
    case right
    case left
    case up
    case down
    case space
    case home
    case end
    case f
    case g
    /// The info panel.
    case i
    case q
    case escape
}
