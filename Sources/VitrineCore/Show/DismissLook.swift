/// How the browsed image looks while it is being put away: where it is, how
/// opaque the browse background (`veil`) is over what lies below, and the
/// image's own opacity.
public struct DismissLook: Equatable, Sendable {
    public var rect: Rect
    public var veil: Double
    public var alpha: Double

    public init(rect: Rect, veil: Double = 1, alpha: Double = 1) {
        self.rect = rect
        self.veil = veil
        self.alpha = alpha
    }

    public static func lerp(_ a: DismissLook, _ b: DismissLook, _ t: Double) -> DismissLook {
        DismissLook(
            rect: .lerp(a.rect, b.rect, t), veil: a.veil + (b.veil - a.veil) * t,
            alpha: a.alpha + (b.alpha - a.alpha) * t)
    }

    /// The image dragged by `translation` from a grab at `grab`: it follows the
    /// finger (the grabbed point stays under it), shrinks to max(0.5, 1 − dy/H)
    /// and the background fades to max(0, 1 − 1.5·dy/H), dy counting downwards only.
    public static func dragged(fit: Rect, grab: Point, translation: Vector, height: Double) -> DismissLook {
        dragged(fit: fit, grab: grab, translation: translation, pull: max(0, translation.dy), span: height)
    }

    /// The same for a pull of `pull` pixels out of `span` in whichever direction dismisses.
    public static func dragged(fit: Rect, grab: Point, translation: Vector, pull: Double, span: Double) -> DismissLook {
        let down = max(0, pull) / max(span, 1)
        let s = max(0.5, 1 - down)
        let rect = Rect(
            x: grab.x + (fit.x - grab.x) * s + translation.dx, y: grab.y + (fit.y - grab.y) * s + translation.dy,
            width: fit.width * s, height: fit.height * s)
        return DismissLook(rect: rect, veil: max(0, 1 - 1.5 * down), alpha: 1)
    }
}
