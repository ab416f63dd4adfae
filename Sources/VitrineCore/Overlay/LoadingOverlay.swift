/// A small spinning ring over the current slide while the next one is late.
public struct LoadingOverlay: OverlayComponent {
    public let name = "loading"
    /// How late the next slide must be before the ring shows, in seconds.
    public var delay = 0.3

    public init() {}

    public func ops(for frame: OverlayFrame) -> [DrawOp] {
        guard let since = frame.lateSince, frame.time - since >= delay else { return [] }
        let u = frame.unit
        let center = Point(x: frame.output.width / 2, y: frame.output.height / 2)
        let radius = 4 * u
        let spin = (frame.time - since) * 2 * Double.pi
        return [
            .disc(center: center, radius: radius * 1.6, color: .black, alpha: 0.4),
            .arc(
                center: center, radius: radius, thickness: 0.8 * u, start: 0, sweep: 2 * Double.pi,
                color: RGBColor(r: 255, g: 255, b: 255), alpha: 0.25),
            .arc(
                center: center, radius: radius, thickness: 0.8 * u, start: spin, sweep: 1.5 * Double.pi,
                color: RGBColor(r: 255, g: 255, b: 255), alpha: 0.95),
        ]
    }
}
