import VitrineCore

/// The clips of a running show, on the render thread: each is opened when the
/// show's plan first wants it (as a photo is decoded ahead: the first frame is
/// ready before its transition starts), its newest frame is handed out as the
/// slide's image, it runs while its slide shows and holds its frame while the
/// slide leaves. Nothing here waits: libmpv decodes on its own threads and is
/// polled once a frame. A clip that fails to open or to give its first frame
/// within the deadline is closed and remembered until the file changes.
public final class VideoDeck {
    /// A new frame of an open clip.
    public struct Frame {
        public var path: String
        /// The frame in memory; nil when it was rendered into the GPU target's texture for `path`.
        public var pixels: PixelBuffer?
        public var info: VideoInfo
        /// The output size the plan asked for (what the frame was rendered to fit).
        public var output: Size
    }

    /// Seconds a clip may take to open and show its first frame.
    public let openDeadline: Double
    private var clips: [String: Open] = [:]
    private var bad: [String: (stamp: FileVersion, reason: String)] = [:]
    /// The clips the last frame drew.
    private var showing: Set<String> = []
    /// Clips refused when asked for, reported by the next poll.
    private var refused: [(path: String, reason: String)] = []
    /// Clips opened so far (for the benchmark and tests).
    public private(set) var opened = 0
    /// Where clips opened from now on render on the GPU; nil: the software path.
    public var gl: (any VideoGLTarget)?

    private struct Open {
        let clip: VideoClip
        let output: Size
    }

    public init(openDeadline: Double = 5) {
        self.openDeadline = openDeadline
    }

    /// The paths of the open clips.
    public var openPaths: Set<String> { Set(clips.keys) }

    /// Opens the clips `wants` names that are not open yet; closes those `keep` does not hold.
    /// The clips that cannot be opened are reported by the next `poll`.
    public func schedule(
        _ wants: [DecodeWant], keep: Set<String>, options: ShowStyle, slides: [Slide], now: Double
    ) {
        for path in clips.keys where !keep.contains(path) { clips[path] = nil }
        for want in wants where want.video && clips[want.path] == nil {
            let path = want.path
            let stamp = FileVersion.of(path)
            if case .success(let s) = stamp, let known = bad[path], known.stamp == s {
                refused.append((path, "\(path): \(known.reason)"))
                continue
            }
            let video = slides.first { $0.path == path }?.video ?? SlideVideo()
            do {
                let clip = try VideoClip(
                    path: path, loop: video.loop, audio: video.audio, audioDevice: options.audioDevice, gl: gl,
                    output: want.output, now: now, openDeadline: openDeadline)
                clips[path] = Open(clip: clip, output: want.output)
                opened += 1
            } catch {
                remember(path, error.reason)
                refused.append((path, error.description))
            }
        }
    }

    /// The clips' new frames since the last call, and the clips that failed.
    public func poll(now: Double) -> (frames: [Frame], failed: [(path: String, reason: String)]) {
        var frames: [Frame] = []
        var failed = refused
        refused.removeAll()
        for (path, open) in clips {
            let changed = open.clip.poll(now: now)
            if case .failed(let reason) = open.clip.state {
                clips[path] = nil
                remember(path, reason)
                failed.append((path, "\(path): \(reason)"))
                continue
            }
            if changed, open.clip.hasFrame, let info = open.clip.info {
                frames.append(Frame(path: path, pixels: open.clip.frame, info: info, output: open.output))
            }
        }
        return (frames, failed)
    }

    /// Runs the clips the frame draws as their moments say; a clip that leaves the
    /// screen goes back to its beginning, paused.
    public func follow(_ moments: [VideoMoment]) {
        var now: Set<String> = []
        for moment in moments {
            guard let clip = clips[moment.path]?.clip, clip.state == .ready else { continue }
            now.insert(moment.path)
            if !showing.contains(moment.path), moment.time < 0.25, (clip.position ?? 0) > 0.25 { clip.rewind() }
            clip.setPlaying(moment.playing)
        }
        // A clip off the screen goes back to its first frame now, so that frame is ready when it comes back.
        for path in showing where !now.contains(path) { clips[path]?.clip.rewind() }
        showing = now
    }

    /// The newest frame of every ready clip (for a drawer that lost its images).
    public var latestFrames: [Frame] {
        clips.compactMap { path, open in
            guard open.clip.hasFrame, let info = open.clip.info else { return nil }
            return Frame(path: path, pixels: open.clip.frame, info: info, output: open.output)
        }
    }

    /// Closes every clip (before the renderer whose textures GPU clips render into goes).
    public func closeAll() {
        clips.removeAll()
        showing.removeAll()
    }

    /// The open clip at `path`, if any.
    public func clip(_ path: String) -> VideoClip? { clips[path]?.clip }

    /// Frames rendered so far by the clip at `path`.
    public func framesRendered(_ path: String) -> Int { clips[path]?.clip.framesRendered ?? 0 }

    private func remember(_ path: String, _ reason: String) {
        if case .success(let stamp) = FileVersion.of(path) { bad[path] = (stamp, reason) }
    }
}
