/// The slow zoom and drift of `--motion kenburns`.
public enum KenBurns {
    /// Zoom at the end of the dwell.
    public static let endScale = 1.1

    /// `base` zoomed from 1.0 to 1.1 about its centre while drifting; the drift
    /// direction cycles with the slide index so consecutive slides differ.
    public static func rect(_ base: Rect, slide: Int, phase: Double) -> Rect {
        let scale = 1 + (endScale - 1) * phase
        let directions: [(Double, Double)] = [(1, 0.5), (-1, -0.5), (0.5, -1), (-0.5, 1)]
        let (dx, dy) = directions[((slide % 4) + 4) % 4]
        // Drift by up to 4 % of the size; within the 10 % the zoom adds, so edges stay covered.
        let drift = 0.04 * phase
        return base.scaled(by: scale).offsetBy(dx: dx * drift * base.width, dy: dy * drift * base.height)
    }
}
