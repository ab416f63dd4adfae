/// Resistance past a limit, as on a phone: the further past, the less each
/// pixel of finger movement moves the content (UIScrollView's formula).
public enum RubberBand {
    /// iOS's constant: how stiff the band is.
    public static let stiffness = 0.55

    /// How far content travels for `overshoot` (≥ 0) of finger travel past a limit,
    /// for a band as long as `dimension`; always less than `dimension`.
    public static func offset(_ overshoot: Double, dimension: Double) -> Double {
        guard overshoot > 0, dimension > 0 else { return 0 }
        return (1 - 1 / (overshoot * stiffness / dimension + 1)) * dimension
    }

    /// `value` held inside `range`, with resistance beyond it.
    public static func clamp(_ value: Double, to range: ClosedRange<Double>, dimension: Double) -> Double {
        if value < range.lowerBound { return range.lowerBound - offset(range.lowerBound - value, dimension: dimension) }
        if value > range.upperBound { return range.upperBound + offset(value - range.upperBound, dimension: dimension) }
        return value
    }
}
