import Glibc
import VitrineCore

/// What an open clip is: the size its frames are shown at and how long it lasts.
public struct VideoInfo: Equatable, Sendable {
    /// Display size (after aspect and rotation).
    public var size: Size
    /// How long it lasts, nil when the container does not say.
    public var length: Seconds?
    /// Frames a second, nil when the container does not say.
    public var frameRate: Double?

    public init(size: Size, length: Seconds?, frameRate: Double? = nil) {
        self.size = size
        self.length = length
        self.frameRate = frameRate
    }
}

/// One clip opened through libmpv: it opens paused, at `start`, and is ready
/// once its first frame is rendered. It is polled (never waited on) from the
/// render thread; libmpv itself is started on a thread of its own, and opening
/// and the first frame have a deadline. With a `VideoGLTarget` its frames are
/// rendered through libmpv's OpenGL API straight into a texture of the screen's
/// renderer (hardware decoding where the machine has it); otherwise through the
/// software API into memory (`frame`).
public final class VideoClip {
    public enum State: Equatable {
        case opening
        case ready
        case failed(String)
    }

    public let path: String
    public private(set) var state: State = .opening
    public private(set) var info: VideoInfo?
    /// The newest frame rendered into memory (the software path; nil on the GPU path).
    public private(set) var frame: PixelBuffer?
    /// Whether a frame has been rendered (into `frame`, or into the GPU target's texture).
    public private(set) var hasFrame = false
    /// Frames rendered so far.
    public private(set) var framesRendered = 0
    /// Whether the clip is playing (not paused).
    public private(set) var playing = false
    /// Whether frames go to the GPU target (false until libmpv started, and on the software path).
    public private(set) var rendersOnGPU = false
    /// Seconds the render thread spent starting the clip (its render context and the load command).
    public private(set) var renderThreadSeconds = 0.0
    /// Seconds the render thread spent rendering the newest frame (into memory or the texture).
    public private(set) var lastRenderSeconds = 0.0
    private var player: MpvPlayer?
    private let start: MpvStart
    private let gl: (any VideoGLTarget)?
    private let output: Size
    private let deadline: Double
    private let loadAt: (start: Double, loop: Bool)
    private var loaded = false

    /// The largest frame side, and the most pixels, a clip may claim.
    public static let maxSide = 16384
    public static let maxPixels = 8192 * 8192

    /// Opens `path` showing the frame at `start` seconds (an exact seek; `frameRate`, when known,
    /// makes it the frame that covers `start` rather than the first one after it); frames are
    /// rendered at the clip's size, fitted inside `output`, into `gl` when it is given and usable.
    public init(
        path: String, start: Double = 0, frameRate: Double? = nil, loop: Bool = false, audio: Bool = false,
        audioDevice: String? = nil, gl: (any VideoGLTarget)? = nil,
        output: Size, now: Double, openDeadline: Double
    ) throws(DecodeError) {
        self.path = path
        self.output = output
        self.deadline = now + openDeadline
        try VideoFormat.check(path)
        // libmpv itself is loaded (the first time: a fifth of a second or more) and started off this thread.
        let onGPU = gl?.usable == true
        self.gl = onGPU ? gl : nil
        self.start = MpvStart(
            audio: audio, audioDevice: audioDevice, hwdec: onGPU ? "auto-safe" : "no", playerRotates: onGPU)
        // libmpv's exact seek shows the first frame at or after its target (less 5 ms).
        let frameDuration = frameRate.map { $0 > 0 ? 1 / $0 : 0 } ?? 0
        let target = start - frameDuration + 0.01
        loadAt = (target > 0.001 ? target : 0, loop)
    }

    deinit {
        guard let player else { return }
        if rendersOnGPU, let gl {
            // An OpenGL render context is freed with its GL context current.
            if gl.begin() {
                player.detachRenderer()
                gl.end()
            }
            gl.release(path)
        }
    }

    /// Takes libmpv's news and renders a frame when a new one is waiting; true when a new frame was rendered.
    @discardableResult
    public func poll(now: Double) -> Bool {
        guard !isFailed else { return false }
        if player == nil { pickUp() }
        if let player { for event in player.drainEvents() { take(event) } }
        if state == .opening, now > deadline {
            fail("no first frame within the deadline; the clip is damaged or too hard to decode")
        }
        return renderIfNew()
    }

    /// Blocks until the clip is ready or has failed, waiting at most until the deadline (for `snapshot`).
    public func waitUntilSettled(now: () -> Double) {
        while state == .opening {
            let left = deadline - now()
            if player == nil { pickUp() }
            if let player {
                if let event = player.waitEvent(timeout: max(0.001, min(0.02, left))) { take(event) }
            } else if !isFailed {
                usleep(1000)
            }
            _ = renderIfNew()
            if state == .opening, now() > deadline {
                fail("no first frame within the deadline; the clip is damaged or too hard to decode")
            }
        }
    }

    /// Plays or pauses.
    public func setPlaying(_ play: Bool) {
        guard state == .ready, let player, play != playing else { return }
        playing = play
        player.paused = !play
    }

    /// Back to the first frame, paused (the slide comes round again).
    public func rewind() {
        guard state == .ready, let player else { return }
        setPlaying(false)
        player.seek(to: 0)
    }

    /// Seconds into the clip the player is at.
    public var position: Double? { player?.timePosition }

    /// A property of the player as text (`hwdec-current`, `aid`, …); nil before it started or when it has none.
    public func property(_ name: String) -> String? { player?.string(name) }

    /// The player, once started on its thread: its render context is made here (the OpenGL one
    /// needs the GL context, on this thread), then the clip is loaded.
    private func pickUp() {
        guard let started = start.take() else { return }
        switch started {
        case .failure(let error): fail(error.description)
        case .success(let player):
            let began = Self.clock()
            if let gl {
                if gl.begin() {
                    do {
                        try player.attachOpenGL()
                        rendersOnGPU = true
                    } catch {
                        gl.failed(error.description)
                    }
                    gl.end()
                } else {
                    gl.failed("the OpenGL context for clips cannot be made current")
                }
                if !rendersOnGPU {
                    player.setProperty("hwdec", "no")
                    player.setProperty("video-rotate", "no")
                }
            }
            if !rendersOnGPU {
                do {
                    try player.attachSoftware()
                } catch {
                    fail(error.description)
                    return
                }
            }
            player.load(path, start: loadAt.start, loop: loadAt.loop)
            self.player = player
            renderThreadSeconds = Self.clock() - began
        }
    }

    private static func clock() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private var isFailed: Bool {
        if case .failed = state { return true }
        return false
    }

    private func fail(_ reason: String) {
        state = .failed(reason)
        frame = nil
        hasFrame = false
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
        guard loaded, !isFailed, let player, player.hasNewFrame() else { return false }
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
        let began = Self.clock()
        defer { lastRenderSeconds = Self.clock() - began }
        if rendersOnGPU {
            // libmpv turns the frame itself on this path: it is rendered upright.
            guard let gl, let fbo = gl.framebuffer(for: path, width: fitted.width, height: fitted.height),
                gl.begin()
            else { return false }
            let rendered = player.renderOpenGL(fbo: fbo, width: fitted.width, height: fitted.height)
            gl.end()
            guard rendered else { return false }
        } else {
            let render = turn.swapsAxes ? (fitted.height, fitted.width) : (fitted.width, fitted.height)
            guard let pixels = player.renderFrame(width: render.0, height: render.1) else { return false }
            frame = turn == .up ? pixels : turn.apply(pixels)
        }
        hasFrame = true
        framesRendered += 1
        if state == .opening {
            info = VideoInfo(
                size: upright, length: player.duration.map { Seconds($0) }, frameRate: player.double("container-fps"))
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
    public static func renderSize(width: Int, height: Int, inside output: Size) -> (width: Int, height: Int) {
        let limitW = max(1.0, min(output.width, 4096))
        let limitH = max(1.0, min(output.height, 4096))
        let scale = min(1, limitW / Double(width), limitH / Double(height))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
