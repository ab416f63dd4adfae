import Foundation

/// How a video slide plays: looped when its `duration` is longer than the clip, with its sound or muted.
public struct SlideVideo: Equatable, Hashable, Sendable {
    public var loop: Bool
    public var audio: Bool

    public init(loop: Bool = false, audio: Bool = false) {
        self.loop = loop
        self.audio = audio
    }
}

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

extension Show {
    /// The slides a show with `options` plays: clips are left out with `--no-video`.
    static func shown(_ slides: [Slide], options: ShowStyle) -> [Slide] {
        options.videos ? slides : slides.filter { $0.video == nil }
    }

    /// A clip's slide without its own `duration` lasts as long as the clip (at most `--max-video-seconds`).
    mutating func applyClipLengths(_ lengths: [String: Double]) {
        guard !lengths.isEmpty else { return }
        for i in slides.indices where slides[i].video != nil && slides[i].duration == nil {
            guard let length = lengths[slides[i].path], length > 0 else { continue }
            slides[i].duration = min(length, options.maxVideoSeconds ?? .infinity)
        }
    }

    /// The video slides among `drawn` at show time `time`.
    public func videoMoments(drawn: [Int], at time: ShowTime) -> [VideoMoment] {
        var moments: [VideoMoment] = []
        for i in drawn where slides.indices.contains(i) {
            guard let video = slides[i].video else { continue }
            let since: ShowTime?
            if i == index {
                since = shownSince
            } else if let t = transition, t.from == i, !t.isFinished(at: time) {
                since = t.fromSince
            } else {
                since = nil
            }
            guard let since else {
                moments.append(VideoMoment(index: i, path: slides[i].path, time: 0, playing: false, video: video))
                continue
            }
            let shown = ((pausedAt ?? time) - since).value
            let length = dwell(i)
            let leaving = i != index
            moments.append(
                VideoMoment(
                    index: i, path: slides[i].path, time: leaving ? min(shown, length) : shown,
                    playing: !isPaused && !leaving && shown < length, video: video))
        }
        return moments
    }
}
