import Foundation

/// One image found in a folder source.
public struct FolderEntry: Equatable, Sendable {
    /// Path relative to the folder, components separated by `/`.
    public var relative: String
    /// Modification time (used by `mtime` order and by the shuffle's favour of recent photos).
    public var mtime: Date
    /// When the photo was taken (read for `memories` items only).
    public var taken: TakenDate?

    public init(relative: String, mtime: Date, taken: TakenDate? = nil) {
        self.relative = relative
        self.mtime = mtime
        self.taken = taken
    }
}
