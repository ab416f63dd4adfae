/// One drawing step of a frame.
public enum DrawOp: Equatable, Sendable {
    /// Slide `slide`'s image stretched into `rect`, multiplied by `alpha` (0…1).
    case image(slide: Int, rect: Rect, alpha: Double)
    /// A rectangle of `color` blended over what is below with `alpha` (0…1).
    case fill(rect: Rect, color: RGBColor, alpha: Double)
}

/// A value that describes one frame completely: clear to `background`, then
/// draw `ops` in order. Drawing it is the renderer's whole job.
public struct Scene: Equatable, Sendable {
    public var size: Size
    public var background: RGBColor
    public var ops: [DrawOp]

    public init(size: Size, background: RGBColor, ops: [DrawOp] = []) {
        self.size = size
        self.background = background
        self.ops = ops
    }

    /// The slides this frame draws.
    public var slidesDrawn: [Int] {
        ops.compactMap {
            if case .image(let slide, _, _) = $0 { return slide }
            return nil
        }
    }
}
