import Foundation

/// Where the show was: enough to carry on after a restart or a power cut.
public struct ResumePosition: Codable, Equatable, Sendable {
    /// What was playing: the playlist file (absolute) or the command line's sources.
    public var origin: String
    /// A fingerprint of the playlist file's contents (and the order options): the
    /// position is used only when it matches, that is when the playlist is unchanged.
    public var fingerprint: String
    public var playlist: String
    /// The image showing (its path; for a network photo, its file in the cache as it was then).
    public var path: String
    public var index: Int
    public var seed: UInt64
    /// For a network photo: which one, by its source and its id there, since its file in the
    /// cache may be named otherwise after a restart (a preview, then the full photo).
    public var photo: PhotoReference?

    public init(
        origin: String, fingerprint: String, playlist: String, path: String, index: Int, seed: UInt64,
        photo: PhotoReference? = nil
    ) {
        self.origin = origin
        self.fingerprint = fingerprint
        self.playlist = playlist
        self.path = path
        self.index = index
        self.seed = seed
        self.photo = photo
    }

    /// The resume file keeps the image's path under its first name.
    private enum CodingKeys: String, CodingKey {
        case origin, fingerprint, playlist, index, seed, photo
        case path = "source"
    }

    /// A fingerprint of `text` (a playlist file's bytes, plus options), stable across runs.
    public static func fingerprint(_ text: String) -> String {
        String(ShuffleKey.key(text, seed: 0x5649_5452_494E_4531), radix: 16)
    }
}
