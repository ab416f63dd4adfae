/// A change of marks, for the log, the store and the remote events.
public enum PhotoMarkEvent: Equatable, Sendable {
    case hidden(String)
    case shownAgain(String)
    case favourite(String, Bool)

    public var path: String {
        switch self {
        case .hidden(let p), .shownAgain(let p), .favourite(let p, _): return p
        }
    }

    /// One line for the log.
    public var sentence: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        switch self {
        case .hidden: return "\(name) is hidden; it will not be shown again until it is restored"
        case .shownAgain: return "\(name) is shown again"
        case .favourite(_, let on): return on ? "\(name) is a favourite" : "\(name) is no longer a favourite"
        }
    }

    /// The event's name in remote events (`hidden`, `shown-again`, `favourite`, `unfavourite`).
    public var name: String {
        switch self {
        case .hidden: return "hidden"
        case .shownAgain: return "shown-again"
        case .favourite(_, let on): return on ? "favourite" : "unfavourite"
        }
    }
}
