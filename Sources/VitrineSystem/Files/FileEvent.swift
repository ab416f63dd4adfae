import Foundation
import Synchronization
import VitrineCore
import VitrinePOSIX

/// Something that happened in a watched folder.
public struct FileEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Created, or written to, or closed after writing, or its attributes changed.
        case changed
        /// Deleted.
        case deleted
        /// Renamed or moved away; `cookie` pairs it with the `movedIn` of the same rename.
        case movedOut(cookie: UInt32)
        /// Renamed or moved in.
        case movedIn(cookie: UInt32)
        /// The watched folder itself was deleted or moved, or its file system unmounted.
        case folderGone
        /// The kernel's event queue overflowed: events were lost, so look again at everything.
        case overflow
    }

    /// The watched folder (absolute path).
    public var folder: String
    /// The entry's name in it; empty for events about the folder itself.
    public var name: String
    public var kind: Kind
    public var isDirectory: Bool

    public init(folder: String, name: String, kind: Kind, isDirectory: Bool = false) {
        self.folder = folder
        self.name = name
        self.kind = kind
        self.isDirectory = isDirectory
    }

    /// `folder/name`.
    public var path: String { name.isEmpty ? folder : folder + "/" + name }
}
