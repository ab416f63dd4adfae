import CMpv
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

    /// A player with its render context; `audio` plays the clip's sound on `audioDevice` (mpv's name) or the default.
    init(audio: Bool = false, audioDevice: String? = nil, hwdec: String = "no") throws(Failure) {
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
            // The software renderer cannot turn frames (libmpv 0.35 asserts); rotated clips are turned here.
            ("video-rotate", "no"), ("load-stats-overlay", "no"), ("load-osd-console", "no"),
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
        var context: OpaquePointer?
        let made: Int32 = "sw".withCString { api in
            var params = [
                mpv_render_param(type: MPV_RENDER_PARAM_API_TYPE, data: UnsafeMutableRawPointer(mutating: api)),
                mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
            ]
            return mpv.renderContextCreate(&context, handle, &params)
        }
        guard made >= 0, let context else {
            mpv.terminateDestroy(handle)
            throw Failure(description: "libmpv's software renderer could not start")
        }
        render = context
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
        let status: Int32 = Self.pixelFormat.withCString { format in
            size.withUnsafeMutableBufferPointer { sizePointer in
                withUnsafeMutablePointer(to: &stride) { stridePointer in
                    pixels.withUnsafeMutableBytes { bytes in
                        var params = [
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
        guard status >= 0 else { return nil }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }
}
