/// An easing curve: maps progress in 0…1 to eased progress, with f(0) = 0 and f(1) = 1.
public enum Curve: String, CaseIterable, Sendable, Codable {
    case linear
    case easeIn
    case easeOut
    case easeInOut

    /// The eased value of `t`, clamped to 0…1 first.
    public func callAsFunction(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear:
            return t
        case .easeIn:
            return t * t * t
        case .easeOut:
            let u = 1 - t
            return 1 - u * u * u
        case .easeInOut:
            if t < 0.5 { return 4 * t * t * t }
            let u = -2 * t + 2
            return 1 - u * u * u / 2
        }
    }
}
