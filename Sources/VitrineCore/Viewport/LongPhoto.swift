/// Long photos: a photo much more elongated than the screen (a tall
/// screenshot) is shown at the screen's full width from its top and scrolled
/// to its bottom; a much wider one (a panorama) at full height from its left,
/// scrolled to its right. "Much" is more than `ratio` times the screen's own
/// elongation (its long side over its short side), so an ordinary portrait
/// photo on a landscape screen is letterboxed, not scrolled: on a 16:9 screen
/// with the default 2, a photo more than 3.56 times taller than wide, or wider than tall.
public enum LongPhoto {
    /// The axis a photo of `imageSize` scrolls along on `screen`; nil when it is not long
    /// (or `ratio` is 0 or less, which turns long photos off).
    public static func axis(imageSize: Size, screen: Size, ratio: Double) -> SlideAxis? {
        guard ratio > 0, !imageSize.isEmpty, !screen.isEmpty else { return nil }
        let limit = ratio * max(screen.width, screen.height) / min(screen.width, screen.height)
        if imageSize.height / imageSize.width > limit { return .vertical }
        if imageSize.width / imageSize.height > limit { return .horizontal }
        return nil
    }

    /// The photo across the whole screen along the other axis, `progress` (0…1) of the way
    /// from its start (top or left edge on the screen's) to its end (bottom or right edge on the screen's).
    public static func rect(imageSize: Size, in screen: Rect, axis: SlideAxis, progress: Double) -> Rect {
        let p = min(max(progress, 0), 1)
        switch axis {
        case .vertical:
            let height = screen.width * imageSize.height / max(imageSize.width, 1)
            let travel = max(0, height - screen.height)
            return Rect(x: screen.minX, y: screen.minY - travel * p, width: screen.width, height: height)
        case .horizontal:
            let width = screen.height * imageSize.width / max(imageSize.height, 1)
            let travel = max(0, width - screen.width)
            return Rect(x: screen.minX - travel * p, y: screen.minY, width: width, height: screen.height)
        }
    }

    /// How far the scroll has gone `elapsed` into a slide shown for `dwell`: still while it
    /// comes in (for `hold`, its transition), then eased to the end by the time the next
    /// transition starts.
    public static func progress(elapsed: Seconds, dwell: Seconds, hold: Seconds) -> Double {
        let span = dwell - hold
        guard span > .zero else { return elapsed >= dwell ? 1 : 0 }
        return Curve.easeInOut((elapsed - hold).value / span.value)
    }
}
