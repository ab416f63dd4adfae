import Foundation
import VitrineCore

/// The video side of `snapshot`: every clip of the show opened once to learn its
/// size and length (so the timeline knows how long its slide lasts), then the
/// exact frame of each clip a frame draws, at its time in the clip. Waits, with
/// the open deadline, as a snapshot may.
public struct VideoStills {
    public var openDeadline: Double
    /// Size and length of each clip that opened.
    public private(set) var infos: [String: VideoInfo] = [:]
    /// The clips that could not be opened, with the reason.
    public private(set) var failures: [(path: String, reason: String)] = []

    public init(openDeadline: Double = 5) {
        self.openDeadline = openDeadline
    }

    private static func now() -> Double { ProcessInfo.processInfo.systemUptime }

    /// Opens each video slide's clip not opened yet.
    public mutating func probe(_ slides: [Slide], output: Size) {
        for slide in slides where slide.video != nil && infos[slide.path] == nil {
            let path = slide.path
            guard !failures.contains(where: { $0.path == path }) else { continue }
            switch open(path, start: 0, frameRate: nil, output: output) {
            case .success(let clip): infos[path] = clip.info
            case .failure(let error): failures.append((path, error.description))
            }
        }
    }

    /// `images` with the clips' lengths, and the clips among `wants` counted as loaded for their output size.
    public func loaded(_ images: LoadedImages, outputs: [String: Size]) -> LoadedImages {
        var images = images
        for (path, info) in infos {
            if let length = info.length { images.clipLengths[path] = length }
            if let output = outputs[path] {
                images.images[path] = LoadedImage(sourceSize: info.size, decodedFor: output)
            }
        }
        return images
    }

    /// The frame `moment` shows, rendered to fit `output`; nil (with the reason) when the clip fails now.
    public func frame(_ moment: VideoMoment, output: Size) -> Result<PixelBuffer, DecodeError> {
        let info = infos[moment.path]
        let start = moment.clipTime(length: info?.length).value
        return open(moment.path, start: start, frameRate: info?.frameRate, output: output, loop: moment.video.loop)
            .flatMap { clip in
                clip.frame.map { .success($0) }
                    ?? .failure(DecodeError(path: moment.path, reason: "no frame at \(start) s"))
            }
    }

    private func open(
        _ path: String, start: Double, frameRate: Double?, output: Size, loop: Bool = false
    ) -> Result<VideoClip, DecodeError> {
        do {
            let clip = try VideoClip(
                path: path, start: start, frameRate: frameRate, loop: loop, output: output, now: Self.now(),
                openDeadline: openDeadline)
            clip.waitUntilSettled(now: Self.now)
            if case .failed(let reason) = clip.state { return .failure(DecodeError(path: path, reason: reason)) }
            return .success(clip)
        } catch {
            return .failure(error)
        }
    }
}
