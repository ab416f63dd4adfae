/// A short message in a small band at the top of the screen for a while: a
/// playlist edit that was rejected, the display about to switch off. Drawn
/// whatever overlays were asked for, because it reports on the show itself.
public struct Notice: Equatable, Sendable {
    public var text: String
    /// Show time at which it appeared.
    public var since: ShowTime
    /// How long it stays.
    public var duration: Seconds

    public init(_ text: String, since: ShowTime, duration: Seconds = Seconds(20)) {
        self.text = text
        self.since = since
        self.duration = duration
    }

    public func isShowing(at time: ShowTime) -> Bool { !(time < since) && time < since + duration }

    /// The band and its text.
    public func ops(output: Size) -> [DrawOp] {
        let u = min(output.width, output.height) / 100
        let size = 3 * u
        let band = Rect(x: 2 * u, y: 2 * u, width: output.width - 4 * u, height: size * 1.3 * 2 + 2 * u)
        let box = Rect(x: band.x + 2 * u, y: band.y + u, width: band.width - 4 * u, height: band.height - 2 * u)
        return [
            .fill(rect: band, color: RGBColor(r: 0x5A, g: 0x1E, b: 0x14), alpha: 0.85),
            .text(TextBlock(text, size: size, alignment: .leading, maxLines: 2, shadow: false), box: box, alpha: 1),
        ]
    }
}
