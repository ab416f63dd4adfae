import Foundation

/// Which file names are taken as images: by their extension.
public enum ImageFileNames {
    /// File name extensions taken as images, lower case.
    public static let extensions: Set<String> = [
        "jpg", "jpeg", "png", "webp", "gif", "bmp", "tif", "tiff", "tga", "qoi", "heic", "heif", "hif", "avif", "jxl",
    ]

    /// The extensions, sorted, for messages.
    public static var extensionList: String { extensions.sorted().joined(separator: ", ") }

    /// Whether `path` names an image file.
    public static func isImagePath(_ path: String) -> Bool {
        let ext = (path as NSString).pathExtension.lowercased()
        return extensions.contains(ext)
    }
}
