import Foundation
import VitrineCore

/// One photo of a source's last good listing, as the show sees it.
public struct MirroredEntry: Equatable, Sendable {
    public var id: MirrorEntryID
    public var caption: String?
    /// When the photo was taken, as its listing says (`YYYY-MM-DDTHH:MM:SS`), if it does.
    public var taken: String?
    /// The complete, checked file in the cache; nil while it is not (yet) mirrored.
    public var localPath: String?
    /// A smaller render to show while the full one downloads (Immich's thumbnail, a feed's preview).
    public var previewPath: String?
    /// Bytes received and expected while downloading (`total` 0 while unknown).
    public var progress: (received: Int64, total: Int64)?
    /// Raised each time a new version of the file replaces the old one, so a shown slide can be reloaded.
    public var revision: Int
    /// Why the last attempt failed (one line), if it did.
    public var failure: String?

    /// Only complete, checked files play.
    public var isPlayable: Bool { localPath != nil }

    public static func == (a: MirroredEntry, b: MirroredEntry) -> Bool {
        a.id == b.id && a.caption == b.caption && a.taken == b.taken && a.localPath == b.localPath
            && a.previewPath == b.previewPath
            && a.progress?.received == b.progress?.received && a.progress?.total == b.progress?.total
            && a.revision == b.revision && a.failure == b.failure
    }
}
