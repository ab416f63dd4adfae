/// A small ring over the current slide while the next one is late: spinning, or, while the photo
/// the show waits for downloads, filling clockwise from the top with the bytes received.
public struct LoadingOverlay: OverlayComponent {
    public let name = "loading"
    /// How late the next slide must be before the ring shows.
    public var delay = Seconds(0.3)

    public init() {}

    public func ops(for frame: OverlayFrame) -> [DrawOp] {
        if let download = frame.download {
            return Self.ring(
                output: frame.output, time: frame.time, since: frame.lateSince ?? frame.time, download: download)
        }
        guard let since = frame.lateSince, frame.time - since >= delay else { return [] }
        return Self.ring(output: frame.output, time: frame.time, since: since, download: nil)
    }

    /// The ring in the middle of `output`: the share `download` (0…1) of it filled, or a spinner when nil.
    /// `height` places its centre (a share of the output's height), `size` scales it.
    public static func ring(
        output: Size, time: ShowTime, since: ShowTime, download: Double?, height: Double = 0.5, size: Double = 1
    ) -> [DrawOp] {
        let u = min(output.width, output.height) / 100 * size
        let center = Point(x: output.width / 2, y: output.height * height)
        let radius = 4 * u
        let white = RGBColor(r: 255, g: 255, b: 255)
        var ops: [DrawOp] = [
            .disc(center: center, radius: radius * 1.6, color: .black, alpha: 0.4),
            .arc(
                center: center, radius: radius, thickness: 0.8 * u, start: 0, sweep: 2 * Double.pi, color: white,
                alpha: 0.25),
        ]
        if let download {
            let share = max(0, min(1, download))
            if share > 0 {
                ops.append(
                    .arc(
                        center: center, radius: radius, thickness: 0.8 * u, start: 0,
                        sweep: 2 * Double.pi * share, color: white, alpha: 0.95))
            }
        } else {
            let spin = (time - since).value * 2 * Double.pi
            ops.append(
                .arc(
                    center: center, radius: radius, thickness: 0.8 * u, start: spin, sweep: 1.5 * Double.pi,
                    color: white, alpha: 0.95))
        }
        return ops
    }
}
