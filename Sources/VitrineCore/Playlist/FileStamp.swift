import Foundation

/// What tells whether a file is still being written: its size and modification time.
public struct FileStamp: Equatable, Sendable {
    public var size: Int64
    public var mtime: Date

    public init(size: Int64, mtime: Date) {
        self.size = size
        self.mtime = mtime
    }
}
