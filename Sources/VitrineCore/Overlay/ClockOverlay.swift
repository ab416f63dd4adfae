/// The time of day in a corner, from the show's clock (so `--clock` makes snapshots exact).
public struct ClockOverlay: OverlayComponent {
    public let name = "clock"
    public var format: TimeFormat
    public var edge: OverlayEdge

    public init(format: TimeFormat, edge: OverlayEdge = .top) {
        self.format = format
        self.edge = edge
    }

    public func ops(for frame: OverlayFrame) -> [DrawOp] {
        guard let wall = frame.wallTime else { return [] }
        let u = frame.unit
        let size = 6 * u
        let box = Rect(
            x: frame.output.width * 0.5, y: edge == .top ? 3 * u : frame.output.height - 3 * u - size * 1.3,
            width: frame.output.width * 0.5 - 4 * u, height: size * 1.3)
        return [
            .text(TextBlock(format.string(at: wall), size: size, bold: true, alignment: .trailing), box: box, alpha: 1)
        ]
    }
}
