/// One image found in a folder source.
public struct FolderEntry: Equatable, Sendable {
    /// Path relative to the folder, components separated by `/`.
    public var relative: String
    /// Modification time, seconds since 1970 (used by `mtime` order).
    public var mtime: Double
    /// When the photo was taken (read for `memories` items only).
    public var taken: TakenDate?

    public init(relative: String, mtime: Double, taken: TakenDate? = nil) {
        self.relative = relative
        self.mtime = mtime
        self.taken = taken
    }
}
