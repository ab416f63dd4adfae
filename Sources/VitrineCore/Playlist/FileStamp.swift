/// What tells whether a file is still being written: its size and modification time.
public struct FileStamp: Equatable, Sendable {
    public var size: Int64
    public var mtime: Double

    public init(size: Int64, mtime: Double) {
        self.size = size
        self.mtime = mtime
    }
}
