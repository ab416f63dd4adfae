import Foundation

/// One video slide a frame draws: where it is in its clip, and whether the clip should be running.
public struct VideoMoment: Equatable, Sendable {
    /// The slide's index and source path.
    public var index: Int
    public var path: String
    /// Seconds since the slide started coming in (held at its end once it is leaving).
    public var time: Double
    /// Whether the clip runs now (not paused, not past its slide's length).
    public var playing: Bool
    public var video: SlideVideo

    public init(index: Int, path: String, time: Double, playing: Bool, video: SlideVideo) {
        self.index = index
        self.path = path
        self.time = time
        self.playing = playing
        self.video = video
    }

    /// Seconds into a clip of `length` this moment shows: looping when asked, else held on the last frame.
    public func clipTime(length: Double?) -> Double {
        guard let length, length > 0 else { return max(0, time) }
        if video.loop { return max(0, time).truncatingRemainder(dividingBy: length) }
        return min(max(0, time), max(0, length - 0.001))
    }
}
