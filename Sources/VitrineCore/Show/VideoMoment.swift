import Foundation

/// One video slide a frame draws: where it is in its clip, and whether the clip should be running.
public struct VideoMoment: Equatable, Sendable {
    /// The slide's index and source path.
    public var index: Int
    public var path: String
    /// How long since the slide started coming in (held at its end once it is leaving).
    public var time: Seconds
    /// Whether the clip runs now (not paused, not past its slide's length).
    public var playing: Bool
    public var video: SlideVideo

    public init(index: Int, path: String, time: Seconds, playing: Bool, video: SlideVideo) {
        self.index = index
        self.path = path
        self.time = time
        self.playing = playing
        self.video = video
    }

    /// How far into a clip of `length` this moment shows: looping when asked, else held on the last frame.
    public func clipTime(length: Seconds?) -> Seconds {
        let time = max(.zero, time)
        guard let length, length > .zero else { return time }
        if video.loop { return Seconds(time.value.truncatingRemainder(dividingBy: length.value)) }
        return min(time, max(.zero, length - 0.001))
    }
}
