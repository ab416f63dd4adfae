import VitrineCore

extension PlaylistContent {
    /// The content with every folder walked and every image looked at, at once
    /// (for snapshots and `vitrine check`; the player scans in the background instead).
    public static func scanned(_ empty: PlaylistContent) -> PlaylistContent {
        var content = empty
        for path in content.imagePaths where DirectoryWalk.fileStamp(path) != nil {
            _ = content.setImage(path, present: true)
        }
        for (key, folder) in content.folderItems {
            let order = content.folders[key]?.order ?? .name
            let walk = DirectoryWalk(
                root: folder.path, recursive: folder.recursive, needsMtime: order == .mtime, accept: folder.accepts)
            _ = content.insert(walk.all(), into: key)
        }
        return content
    }
}
