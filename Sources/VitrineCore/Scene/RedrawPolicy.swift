/// Decides whether a frame must be drawn: not when it is the very picture
/// already on the screen (a still slide is most of a slideshow's life), but
/// at least every `keepAlive` seconds so the screen and the watchdog see the
/// loop alive, and always after something invalidated the screen.
public struct RedrawPolicy: Sendable {
    /// The longest time between two presented frames.
    public var keepAlive: Seconds
    private var last: (scene: Scene, keys: [String], time: MonotonicInstant)?
    private var invalid = true

    public init(keepAlive: Seconds = 0.5) {
        self.keepAlive = keepAlive
    }

    /// The screen no longer shows the last frame (new image, lost textures, window exposed).
    public mutating func invalidate() {
        invalid = true
    }

    /// Whether `scene`, drawing images `keys`, must be drawn at `time`.
    public func needsDrawing(_ scene: Scene, keys: [String], at time: MonotonicInstant) -> Bool {
        guard !invalid, let last else { return true }
        return last.scene != scene || last.keys != keys || time - last.time >= keepAlive || time < last.time
    }

    /// How long from `time` until a frame is due to keep the loop seen alive; nil when none
    /// will be (no frame presented yet, or no keep-alive).
    public func keepAliveDue(at time: MonotonicInstant) -> Seconds? {
        guard let last, keepAlive.isFinite else { return nil }
        return last.time + keepAlive - time
    }

    /// Records the frame just presented.
    public mutating func presented(_ scene: Scene, keys: [String], at time: MonotonicInstant) {
        last = (scene, keys, time)
        invalid = false
    }
}
