import Glibc
import VitrineCore

/// What an open clip is: the size its frames are shown at and how long it lasts.
public struct VideoInfo: Equatable, Sendable {
    /// Display size (after aspect and rotation).
    public var size: Size
    /// Seconds, nil when the container does not say.
    public var length: Double?
    /// Frames a second, nil when the container does not say.
    public var frameRate: Double?

    public init(size: Size, length: Double?, frameRate: Double? = nil) {
        self.size = size
        self.length = length
        self.frameRate = frameRate
    }
}

/// One clip opened through libmpv: it opens paused, at `start`, and is ready
/// once its first frame is rendered. It is polled (never waited on) from the
/// render thread; opening and the first frame have a deadline.
public final class VideoClip {
    public enum State: Equatable {
        case opening
        case ready
        case failed(String)
    }

    public let path: String
    public private(set) var state: State = .opening
    public private(set) var info: VideoInfo?
    /// The newest frame rendered.
    public private(set) var frame: PixelBuffer?
    /// Frames rendered so far.
    public private(set) var framesRendered = 0
    /// Whether the clip is playing (not paused).
    public private(set) var playing = false
    private let player: MpvPlayer
    private let output: Size
    private let deadline: Double
    private var loaded = false

    /// The largest frame side, and the most pixels, a clip may claim.
    public static let maxSide = 16384
    public static let maxPixels = 8192 * 8192

    /// Opens `path` showing the frame at `start` seconds (an exact seek; `frameRate`, when known,
    /// makes it the frame that covers `start` rather than the first one after it); frames are
    /// rendered at the clip's size, fitted inside `output`.
    public init(
        path: String, start: Double = 0, frameRate: Double? = nil, loop: Bool = false, audio: Bool = false,
        audioDevice: String? = nil,
        output: Size, now: Double, openDeadline: Double
    ) throws(DecodeError) {
        self.path = path
        self.output = output
        self.deadline = now + openDeadline
        try VideoFormat.check(path)
        do {
            player = try MpvPlayer(audio: audio, audioDevice: audioDevice)
        } catch {
            throw DecodeError(path: path, reason: error.description)
        }
        // libmpv's exact seek shows the first frame at or after its target (less 5 ms).
        let frameDuration = frameRate.map { $0 > 0 ? 1 / $0 : 0 } ?? 0
        let target = start - frameDuration + 0.01
        player.load(path, start: target > 0.001 ? target : 0, loop: loop)
    }

    /// Takes libmpv's news and renders a frame when a new one is waiting; true when `frame` changed.
    @discardableResult
    public func poll(now: Double) -> Bool {
        guard !isFailed else { return false }
        for event in player.drainEvents() { take(event) }
        if state == .opening, now > deadline {
            fail("no first frame within the deadline; the clip is damaged or too hard to decode")
        }
        return renderIfNew()
    }

    /// Blocks until the clip is ready or has failed, waiting at most until the deadline (for `snapshot`).
    public func waitUntilSettled(now: () -> Double) {
        while state == .opening {
            let left = deadline - now()
            if let event = player.waitEvent(timeout: max(0.001, min(0.02, left))) { take(event) }
            _ = renderIfNew()
            if state == .opening, now() > deadline {
                fail("no first frame within the deadline; the clip is damaged or too hard to decode")
            }
        }
    }

    /// Plays or pauses.
    public func setPlaying(_ play: Bool) {
        guard state == .ready, play != playing else { return }
        playing = play
        player.paused = !play
    }

    /// Back to the first frame, paused (the slide comes round again).
    public func rewind() {
        guard state == .ready else { return }
        setPlaying(false)
        player.seek(to: 0)
    }

    /// Seconds into the clip the player is at.
    public var position: Double? { player.timePosition }

    private var isFailed: Bool {
        if case .failed = state { return true }
        return false
    }

    private func fail(_ reason: String) {
        state = .failed(reason)
        frame = nil
    }

    private func take(_ event: MpvPlayer.Event) {
        switch event {
        case .fileLoaded: loaded = true
        case .endFile(let error):
            if state == .opening {
                fail(error.map { "libmpv could not play it (\($0))" } ?? "it has no video frame to show")
            }
        case .shutdown: fail("the player stopped")
        case .playbackRestart, .other: break
        }
    }

    private func renderIfNew() -> Bool {
        guard loaded, !isFailed, player.hasNewFrame() else { return false }
        guard let stored = player.displaySize else { return false }
        guard stored.width <= Self.maxSide, stored.height <= Self.maxSide,
            stored.width * stored.height <= Self.maxPixels
        else {
            fail("it claims \(stored.width)x\(stored.height) pixels, over the limit")
            return false
        }
        let turn = Self.orientation(degrees: player.rotation)
        let upright = turn.upright(Size(width: Double(stored.width), height: Double(stored.height)))
        let fitted = Self.renderSize(width: Int(upright.width), height: Int(upright.height), inside: output)
        let render = turn.swapsAxes ? (fitted.height, fitted.width) : (fitted.width, fitted.height)
        guard let pixels = player.renderFrame(width: render.0, height: render.1) else { return false }
        let shown = (width: Int(upright.width), height: Int(upright.height))
        frame = turn == .up ? pixels : turn.apply(pixels)
        framesRendered += 1
        if state == .opening {
            info = VideoInfo(
                size: Size(width: Double(shown.width), height: Double(shown.height)), length: player.duration,
                frameRate: player.double("container-fps"))
            state = .ready
        }
        return true
    }

    /// How a clip tagged to be turned `degrees` clockwise is stood upright.
    static func orientation(degrees: Int) -> Orientation {
        switch degrees {
        case 90: return .right
        case 180: return .down
        case 270: return .left
        default: return .up
        }
    }

    /// The clip's size, scaled down (never up) to fit inside `output` and 4096 pixels a side.
    static func renderSize(width: Int, height: Int, inside output: Size) -> (width: Int, height: Int) {
        let limitW = max(1.0, min(output.width, 4096))
        let limitH = max(1.0, min(output.height, 4096))
        let scale = min(1, limitW / Double(width), limitH / Double(height))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
