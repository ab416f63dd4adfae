/// What changed in the content at one poll.
public struct SessionUpdate: Equatable, Sendable {
    /// Playlists whose slides changed.
    public var playlists: Set<String> = []
    /// Files already shown whose contents changed (their decoded image is stale).
    public var rewritten: Set<String> = []
    /// Set when the playlist file was edited and the new version put in place.
    public var reloaded = false
    /// An edit of the playlist file that could not be used (the old one keeps playing).
    public var rejected: [String] = []
    /// One-line notices for the screen (a network photo that could not be fetched).
    public var notices: [String] = []

    public init() {}

    public var isEmpty: Bool {
        playlists.isEmpty && rewritten.isEmpty && !reloaded && rejected.isEmpty && notices.isEmpty
    }
}
