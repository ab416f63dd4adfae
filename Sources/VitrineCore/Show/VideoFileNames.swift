import Foundation

/// Which file names in a folder are taken as video clips: by their extension (the player
/// then checks the first bytes before opening one).
public enum VideoFileNames {
    public static let extensions: Set<String> = ["mp4", "m4v", "mov", "mkv", "webm"]

    /// The extensions, sorted, for messages.
    public static var extensionList: String { extensions.sorted().joined(separator: ", ") }

    public static func isVideoPath(_ path: String) -> Bool {
        extensions.contains((path as NSString).pathExtension.lowercased())
    }
}
