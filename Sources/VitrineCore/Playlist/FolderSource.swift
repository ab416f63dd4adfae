import Foundation

/// A folder of images as a playlist item.
public struct FolderSource: Equatable, Sendable {
    /// Absolute path.
    public var path: String
    public var recursive: Bool = false
    /// Only images matching one of these (relative to the folder) are shown; empty means all.
    public var include: [Glob] = []
    /// Images matching one of these are left out.
    public var exclude: [Glob] = []
    /// nil means the playlist's default order.
    public var order: SlideOrder?
    public var seed: UInt64?
    /// A `memories` item: only the photos taken on this calendar day in earlier years play.
    public var memories = false

    public init(path: String) {
        self.path = path
    }

    /// Whether the file at `relativePath` inside the folder belongs to the show:
    /// an image, not hidden, within reach, included and not excluded.
    public func accepts(_ relativePath: String) -> Bool {
        guard ImageFileNames.isImagePath(relativePath) || VideoFileNames.isVideoPath(relativePath) else {
            return false
        }
        let components = relativePath.split(separator: "/")
        guard !components.contains(where: { $0.hasPrefix(".") }) else { return false }
        if !recursive, components.count > 1 { return false }
        if !include.isEmpty, !include.contains(where: { $0.matches(relativePath) }) { return false }
        return !exclude.contains { $0.matches(relativePath) }
    }
}
