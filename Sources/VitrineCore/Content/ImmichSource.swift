/// Photos of an Immich server: an album (by name or id), the favourites, a person's, or the photos
/// of Immich's "on this day" memories for the frame's day.
public struct ImmichSource: Equatable, Hashable, Sendable {
    public var server: String
    /// A file whose first line is the API key (sent as `x-api-key`).
    public var apiKeyFile: String
    public var album: String?
    public var favorites: Bool
    public var person: String?
    /// `"memories": true`: the photos of the server's memories of this day in earlier years.
    public var memories: Bool
    public var caFile: String?

    public init(
        server: String, apiKeyFile: String, album: String? = nil, favorites: Bool = false, person: String? = nil,
        memories: Bool = false, caFile: String? = nil
    ) {
        self.server = server
        self.apiKeyFile = apiKeyFile
        self.album = album
        self.favorites = favorites
        self.person = person
        self.memories = memories
        self.caFile = caFile
    }
}
