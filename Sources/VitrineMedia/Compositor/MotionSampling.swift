import VitrineCore

/// Picks, frame by frame, which stretched images the compositor may sample
/// with nearest pixels: those whose rectangle moved fast since the previous
/// frame (a zoom transition, a quick pinch). At that speed the picture shifts
/// by whole pixels from one frame to the next anyway, so the coarser sampling
/// is not seen, and it costs about half as much. Images at rest or moving
/// slowly (Ken Burns, the ends of an eased transition) keep bilinear sampling,
/// where nearest pixels would show as stair-stepping, so rest states are sharp
/// and smooth. A frame drawn on its own (no previous one) is treated as at rest.
/// When a fast move stops dead, its last frame is still sampled nearest; the
/// renderer says so (`lastFrameApproximate`) and the player draws the next
/// frame even though nothing moved, which, unmoved, is bilinear again.
public struct MotionSampling: Sendable {
    /// Speed, in output pixels per frame of any edge of the rectangle, from which an image counts as moving fast.
    public var threshold: Double

    /// Each image's rectangle in the previous frame, by image key.
    private var previous: [String: Rect] = [:]

    public init(threshold: Double = 1) {
        self.threshold = threshold
    }

    /// The indices in `ops` of the images to sample with nearest pixels in this
    /// frame; remembers this frame's rectangles for the next call.
    public mutating func nearestOps(_ ops: [DrawOp], key: (Int) -> String?) -> Set<Int> {
        var nearest: Set<Int> = []
        var current: [String: Rect] = [:]
        for (index, op) in ops.enumerated() {
            guard case .image(let slide, let rect, _) = op, let name = key(slide) else { continue }
            // An image drawn twice in one frame is judged by its first rectangle.
            guard current[name] == nil else { continue }
            current[name] = rect
            if let before = previous[name], Self.edgeShift(before, rect) >= threshold { nearest.insert(index) }
        }
        previous = current
        return nearest
    }

    /// Forgets the previous frame, so the next one counts as at rest.
    public mutating func reset() {
        previous.removeAll()
    }

    /// How far the farthest-moving edge of `a` is from the same edge of `b`.
    static func edgeShift(_ a: Rect, _ b: Rect) -> Double {
        max(
            abs(a.x - b.x), abs(a.y - b.y), abs((a.x + a.width) - (b.x + b.width)),
            abs((a.y + a.height) - (b.y + b.height)))
    }
}
