/// One drawing step of a frame.
public enum DrawOp: Equatable, Sendable {
    /// Slide `slide`'s image stretched into `rect`, multiplied by `alpha` (0…1).
    case image(slide: Int, rect: Rect, alpha: Double)
    /// Slide `slide`'s backdrop (`--fill blur`: the photo blurred and dimmed, made to cover the
    /// screen) stretched into `rect`, drawn only inside `clip`, multiplied by `alpha` (0…1).
    case backdrop(slide: Int, rect: Rect, clip: Rect, alpha: Double)
    /// A rectangle of `color` blended over what is below with `alpha` (0…1).
    case fill(rect: Rect, color: RGBColor, alpha: Double)
    /// Text laid out inside `box` (wrapped or cut with an ellipsis, never outside it).
    case text(TextBlock, box: Rect, alpha: Double)
    /// A filled circle.
    case disc(center: Point, radius: Double, color: RGBColor, alpha: Double)
    /// Part of a ring: from angle `start` (radians, 0 = 12 o'clock, clockwise) over `sweep` radians.
    case arc(
        center: Point, radius: Double, thickness: Double, start: Double, sweep: Double, color: RGBColor, alpha: Double)
}
