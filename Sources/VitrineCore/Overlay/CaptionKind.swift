import Foundation

/// Where a caption's text comes from.
public enum CaptionKind: String, CaseIterable, Sendable, Codable {
    case none
    /// The playlist item's `caption`.
    case playlist
    /// The file name without its extension.
    case filename
    /// The EXIF ImageDescription, else the date the photo was taken.
    case exifDate = "exif-date"
}
