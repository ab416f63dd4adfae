import CMpv
import CSDL2
import Foundation
import VitrineCore

/// One libmpv player that renders through mpv's software render API into
/// memory: no window of its own, no configuration files, no terminal, no
/// on-screen controller, no scripts, no network, muted unless asked. Used from
/// one thread; nothing here waits on the file except `waitEvent`.
final class MpvPlayer {
    private let mpv: MpvLibrary
    private let handle: OpaquePointer
    private var render: OpaquePointer?

    /// What libmpv said happened.
    enum Event: Equatable {
        case fileLoaded
        case playbackRestart
        case endFile(error: String?)
        case shutdown
        case other
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A started player without a render context yet (`attachSoftware`, `attachOpenGL`); `audio`
    /// plays the clip's sound on `audioDevice` (mpv's name) or the default. This part may run on
    /// any thread. `playerRotates` lets libmpv turn clips tagged as rotated (its OpenGL renderer
    /// can; its software one cannot).
    init(audio: Bool = false, audioDevice: String? = nil, hwdec: String = "no", playerRotates: Bool = false)
        throws(Failure)
    {
        guard let mpv = MpvLibrary.shared else {
            throw Failure(description: "libmpv is not installed (apt-get install libmpv2); clips cannot play")
        }
        guard let handle = mpv.create() else { throw Failure(description: "libmpv could not make a player") }
        self.mpv = mpv
        self.handle = handle
        let options: [(String, String)] = [
            ("vo", "libmpv"), ("config", "no"), ("terminal", "no"), ("osc", "no"), ("load-scripts", "no"),
            ("ytdl", "no"), ("input-default-bindings", "no"), ("input-vo-keyboard", "no"), ("osd-level", "0"),
            ("idle", "yes"), ("keep-open", "always"), ("hr-seek", "yes"), ("hwdec", hwdec),
            ("access-references", "no"), ("sub-auto", "no"), ("audio-file-auto", "no"), ("cover-art-auto", "no"),
            ("sid", "no"), ("keepaspect", "no"),
            // The software renderer cannot turn frames (libmpv 0.35 asserts); there rotated clips are turned here.
            ("video-rotate", playerRotates ? "auto" : "no"), ("load-stats-overlay", "no"), ("load-osd-console", "no"),
            ("load-auto-profiles", "no"), ("demuxer-max-bytes", "64MiB"), ("demuxer-max-back-bytes", "0"),
            ("aid", audio ? "auto" : "no"), ("mute", audio ? "no" : "yes"), ("audio-device", audioDevice ?? "auto"),
        ]
        // An option this build of libmpv lacks (osc without Lua) is left out; the rest still apply.
        for (name, value) in options { _ = mpv.setOptionString(handle, name, value) }
        _ = mpv.requestLogMessages(handle, "no")
        guard mpv.initialize(handle) >= 0 else {
            mpv.terminateDestroy(handle)
            throw Failure(description: "libmpv could not start")
        }
    }

    /// Whether frames are rendered through OpenGL.
    private(set) var rendersOpenGL = false

    /// The software render API: frames rendered into memory. Before `load`.
    func attachSoftware() throws(Failure) {
        let made: Int32 = "sw".withCString { api in
            var params = [
                mpv_render_param(type: MPV_RENDER_PARAM_API_TYPE, data: UnsafeMutableRawPointer(mutating: api)),
                mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
            ]
            return makeRender(&params)
        }
        guard made >= 0 else { throw Failure(description: "libmpv's software renderer could not start") }
    }

    /// The OpenGL render API, its functions looked up through SDL; the GL context frames will
    /// be rendered in must be current (and must be whenever `renderOpenGL` and `detachRenderer` run).
    func attachOpenGL() throws(Failure) {
        var initParams = mpv_opengl_init_params(get_proc_address: Self.glFunction, get_proc_address_ctx: nil)
        let made: Int32 = "opengl".withCString { api in
            withUnsafeMutablePointer(to: &initParams) { initPointer in
                var params = [
                    mpv_render_param(type: MPV_RENDER_PARAM_API_TYPE, data: UnsafeMutableRawPointer(mutating: api)),
                    mpv_render_param(type: MPV_RENDER_PARAM_OPENGL_INIT_PARAMS, data: initPointer),
                    mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
                ]
                return makeRender(&params)
            }
        }
        guard made >= 0 else {
            let reason = mpv.errorString(made).map { String(cString: $0) } ?? "error \(made)"
            throw Failure(description: "libmpv's OpenGL renderer could not start (\(reason))")
        }
        rendersOpenGL = true
    }

    private static let glFunction:
        @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) ->
            UnsafeMutableRawPointer? = { _, name in
                guard let name else { return nil }
                return SDL_GL_GetProcAddress(name)
            }

    private func makeRender(_ params: inout [mpv_render_param]) -> Int32 {
        var context: OpaquePointer?
        let made = mpv.renderContextCreate(&context, handle, &params)
        if made >= 0, let context { render = context }
        return made >= 0 && render != nil ? made : min(made, -1)
    }

    /// Frees the render context now, on the calling thread (with an OpenGL one, its context current).
    func detachRenderer() {
        guard let render else { return }
        mpv.renderContextFree(render)
        self.render = nil
    }

    deinit {
        // Shutting a player down waits for its threads; a clip that hangs libavcodec must not hang
        // the show, so the wait happens off the caller's thread.
        let parts = Handles(mpv: mpv, handle: handle, render: render)
        Thread.detachNewThread {
            if let render = parts.render { parts.mpv.renderContextFree(render) }
            parts.mpv.terminateDestroy(parts.handle)
        }
    }

    private struct Handles: @unchecked Sendable {
        let mpv: MpvLibrary
        let handle: OpaquePointer
        let render: OpaquePointer?
    }

    // MARK: Commands

    /// Runs an mpv command without waiting for it; false when mpv refused it at once.
    @discardableResult
    func command(_ arguments: [String]) -> Bool {
        var strings = arguments.map { strdup($0) }
        defer { for s in strings { free(s) } }
        strings.append(nil)
        var pointers = strings.map { UnsafePointer<CChar>($0) }
        return mpv.commandAsync(handle, 0, &pointers) >= 0
    }

    /// Opens `path` paused at `start` seconds (an exact seek), looping when asked.
    func load(_ path: String, start: Double, loop: Bool) {
        setProperty("pause", "yes")
        setProperty("loop-file", loop ? "inf" : "no")
        guard start > 0 else {
            command(["loadfile", path, "replace"])
            return
        }
        command(["loadfile", path, "replace", "start=\(String(format: "%.6f", start))"])
    }

    func setProperty(_ name: String, _ value: String) {
        _ = mpv.setPropertyString(handle, name, value)
    }

    /// Seeks to `seconds` from the start, to the exact frame.
    func seek(to seconds: Double) {
        command(["seek", String(format: "%.6f", max(0, seconds)), "absolute+exact"])
    }

    var paused: Bool {
        get { flag("pause") ?? true }
        set { setProperty("pause", newValue ? "yes" : "no") }
    }

    // MARK: Properties

    func double(_ name: String) -> Double? {
        var value = 0.0
        return mpv.getProperty(handle, name, MPV_FORMAT_DOUBLE, &value) >= 0 ? value : nil
    }

    func integer(_ name: String) -> Int? {
        var value: Int64 = 0
        return mpv.getProperty(handle, name, MPV_FORMAT_INT64, &value) >= 0 ? Int(value) : nil
    }

    func string(_ name: String) -> String? {
        guard let value = mpv.getPropertyString(handle, name) else { return nil }
        defer { mpv.free(value) }
        return String(cString: value)
    }

    func flag(_ name: String) -> Bool? {
        var value: Int32 = 0
        return mpv.getProperty(handle, name, MPV_FORMAT_FLAG, &value) >= 0 ? value != 0 : nil
    }

    /// Seconds the clip lasts, once known.
    var duration: Double? { double("duration") }
    /// Degrees clockwise the clip asks to be turned (phone clips), 0, 90, 180 or 270.
    /// (Read from the stream: with `video-rotate=no` the output's parameters say 0.)
    var rotation: Int {
        let degrees = integer("current-tracks/video/demux-rotation") ?? integer("video-dec-params/rotate") ?? 0
        return (degrees % 360 + 360) % 360
    }
    /// The playback position in seconds.
    var timePosition: Double? { double("time-pos") }
    /// The size frames are rendered at (after aspect, before rotation), once the first frame is decoded.
    var displaySize: (width: Int, height: Int)? {
        guard let w = integer("video-out-params/dw"), let h = integer("video-out-params/dh"), w > 0, h > 0 else {
            return nil
        }
        return (w, h)
    }

    // MARK: Events

    /// The next event, waiting at most `timeout` seconds (0: never waits).
    func waitEvent(timeout: Double = 0) -> Event? {
        guard let event = mpv.waitEvent(handle, timeout) else { return nil }
        switch event.pointee.event_id {
        case MPV_EVENT_NONE: return nil
        case MPV_EVENT_FILE_LOADED: return .fileLoaded
        case MPV_EVENT_PLAYBACK_RESTART: return .playbackRestart
        case MPV_EVENT_SHUTDOWN: return .shutdown
        case MPV_EVENT_END_FILE:
            guard let data = event.pointee.data else { return .endFile(error: nil) }
            let end = data.assumingMemoryBound(to: mpv_event_end_file.self).pointee
            guard end.reason == MPV_END_FILE_REASON_ERROR else { return .endFile(error: nil) }
            return .endFile(error: mpv.errorString(end.error).map { String(cString: $0) } ?? "error \(end.error)")
        default: return .other
        }
    }

    /// The events waiting now, without blocking.
    func drainEvents() -> [Event] {
        var events: [Event] = []
        while let event = waitEvent(timeout: 0) { events.append(event) }
        return events
    }

    // MARK: Frames

    /// Whether a new video frame is waiting to be rendered.
    func hasNewFrame() -> Bool {
        guard let render else { return false }
        return mpv.renderContextUpdate(render) & UInt64(MPV_RENDER_UPDATE_FRAME.rawValue) != 0
    }

    /// ARGB8888 in memory on a little-endian machine; libmpv fills the alpha byte of video opaque.
    static let pixelFormat = "bgra"

    /// The current frame scaled to `width`×`height`, opaque ARGB8888.
    func renderFrame(width: Int, height: Int) -> PixelBuffer? {
        guard let render, width > 0, height > 0 else { return nil }
        var pixels = [UInt32](repeating: 0, count: width * height)
        var size: [Int32] = [Int32(width), Int32(height)]
        var stride = width * 4
        // Never wait for the frame's display time: the render thread has other frames to draw.
        var block: Int32 = 0
        let status: Int32 = Self.pixelFormat.withCString { format in
            size.withUnsafeMutableBufferPointer { sizePointer in
                withUnsafeMutablePointer(to: &stride) { stridePointer in
                    pixels.withUnsafeMutableBytes { bytes in
                        withUnsafeMutablePointer(to: &block) { blockPointer in
                            var params = [
                                mpv_render_param(type: MPV_RENDER_PARAM_BLOCK_FOR_TARGET_TIME, data: blockPointer),
                                mpv_render_param(type: MPV_RENDER_PARAM_SW_SIZE, data: sizePointer.baseAddress),
                                mpv_render_param(
                                    type: MPV_RENDER_PARAM_SW_FORMAT, data: UnsafeMutableRawPointer(mutating: format)),
                                mpv_render_param(type: MPV_RENDER_PARAM_SW_STRIDE, data: stridePointer),
                                mpv_render_param(type: MPV_RENDER_PARAM_SW_POINTER, data: bytes.baseAddress),
                                mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
                            ]
                            return mpv.renderContextRender(render, &params)
                        }
                    }
                }
            }
        }
        guard status >= 0 else { return nil }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }
}

extension MpvPlayer {
    /// Renders the current frame into the OpenGL framebuffer `fbo` of `width`×`height`, never
    /// waiting for the frame's display time; false when libmpv could not.
    func renderOpenGL(fbo: Int32, width: Int, height: Int) -> Bool {
        guard let render, rendersOpenGL else { return false }
        var target = mpv_opengl_fbo(fbo: fbo, w: Int32(width), h: Int32(height), internal_format: 0)
        // Row 0 of an SDL texture is the picture's top, as libmpv renders into a framebuffer unflipped.
        var flip: Int32 = 0
        var block: Int32 = 0
        let status = withUnsafeMutablePointer(to: &target) { targetPointer in
            withUnsafeMutablePointer(to: &flip) { flipPointer in
                withUnsafeMutablePointer(to: &block) { blockPointer in
                    var params = [
                        mpv_render_param(type: MPV_RENDER_PARAM_OPENGL_FBO, data: targetPointer),
                        mpv_render_param(type: MPV_RENDER_PARAM_FLIP_Y, data: flipPointer),
                        mpv_render_param(type: MPV_RENDER_PARAM_BLOCK_FOR_TARGET_TIME, data: blockPointer),
                        mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
                    ]
                    return mpv.renderContextRender(render, &params)
                }
            }
        }
        return status >= 0
    }
}
