/// When the page indicator shows.
public enum PageIndicatorMode: String, CaseIterable, Sendable, Codable {
    /// Only while someone browses by touch.
    case browse
    /// Always, in attract mode too.
    case always
    case never
}

/// Dots for up to ten slides, `3 / 120` beyond; hidden for a single slide.
public struct PageIndicatorOverlay: OverlayComponent {
    public let name = "page-indicator"
    public var mode: PageIndicatorMode
    public var edge: OverlayEdge
    /// Distance kept from the edge, in overlay units (to clear a caption band there).
    public var inset: Double = 0
    /// The most slides shown as dots.
    public static let maxDots = 10

    public init(mode: PageIndicatorMode = .browse, edge: OverlayEdge = .bottom) {
        self.mode = mode
        self.edge = edge
    }

    public func ops(for frame: OverlayFrame) -> [DrawOp] {
        guard frame.count > 1, mode == .always || (mode == .browse && frame.browsing) else { return [] }
        let u = frame.unit
        let centerY = edge == .top ? (5 + inset) * u : frame.output.height - (5 + inset) * u
        if frame.count > Self.maxDots {
            let size = 3.5 * u
            let box = Rect(x: 0, y: centerY - size * 0.65, width: frame.output.width, height: size * 1.3)
            let text = "\(frame.index + 1) / \(frame.count)"
            // A dark backdrop about the text's width keeps it readable on a white photo.
            let width = (Double(text.count) * 0.6 + 2) * size
            let backdrop = Rect(
                x: (frame.output.width - width) / 2, y: centerY - size * 0.8, width: width, height: size * 1.6)
            return [
                .fill(rect: backdrop, color: .black, alpha: 0.45 * frame.fade),
                .text(TextBlock(text, size: size), box: box, alpha: frame.fade),
            ]
        }
        let spacing = 3 * u
        let radius = 0.8 * u
        let first = frame.output.width / 2 - spacing * Double(frame.count - 1) / 2
        var ops: [DrawOp] = []
        for i in 0..<frame.count {
            let center = Point(x: first + spacing * Double(i), y: centerY)
            // A dark halo keeps the dots visible on white photos.
            ops.append(.disc(center: center, radius: radius * 1.5, color: .black, alpha: 0.35 * frame.fade))
            ops.append(
                .disc(
                    center: center, radius: radius, color: RGBColor(r: 255, g: 255, b: 255),
                    alpha: (i == frame.index ? 1 : 0.45) * frame.fade))
        }
        return ops
    }
}
