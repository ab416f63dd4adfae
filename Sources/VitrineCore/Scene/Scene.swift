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
