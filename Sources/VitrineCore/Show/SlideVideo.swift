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

extension Show {
    /// The slides a show with `options` plays: clips are left out with `--no-video`.
    static func shown(_ slides: [Slide], options: ShowStyle) -> [Slide] {
        options.videos ? slides : slides.filter { $0.video == nil }
    }

    /// A clip's slide without its own `duration` lasts as long as the clip (at most `--max-video-seconds`).
    mutating func applyClipLengths(_ lengths: [String: Seconds]) {
        guard !lengths.isEmpty else { return }
        for i in slides.indices where slides[i].video != nil && slides[i].duration == nil {
            guard let length = lengths[slides[i].path], length > .zero else { continue }
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
            let shown = (pausedAt ?? time) - since
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
