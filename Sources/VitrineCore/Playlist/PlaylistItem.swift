import Foundation

/// One entry of a playlist: an image or a folder, and what it overrides for its slides.
public struct PlaylistItem: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        /// Absolute path of an image file.
        case image(String)
        case folder(FolderSource)
        /// A place on the network, played from its mirror.
        case network(NetworkItem)
    }

    public var source: Source
    public var duration: Seconds?
    public var transition: TransitionKind?
    public var fit: FitMode?
    /// The motion while each of its slides is shown; nil means the show's.
    public var motion: DwellMotion?
    public var caption: String?
    /// The item is a video clip (`"video"`), and how it plays (`loop`, `audio`).
    public var isVideo = false
    public var loop: Bool?
    public var audio: Bool?
    /// Where the item's image or folder path is written in the file.
    public var position: TextPosition?

    public init(source: Source) {
        self.source = source
    }

    /// The slide of one image of this item.
    public func slide(_ path: String) -> Slide {
        let video =
            isVideo || VideoFileNames.isVideoPath(path)
            ? SlideVideo(loop: loop ?? false, audio: audio ?? false) : nil
        var slide = Slide(
            path: path, duration: duration, transition: transition, fit: fit, caption: caption, video: video)
        slide.motion = motion
        return slide
    }
}
