import Foundation

/// The part of a `ShowStyle` a playlist file sets (its `defaults`, top-level or per playlist);
/// nil means the command line's (or built-in) value.
public struct PlaylistStyle: Equatable, Sendable {
    public var interval: Seconds?
    public var transition: TransitionKind?
    public var transitionDuration: Seconds?
    public var fit: FitMode?
    public var motion: DwellMotion?
    public var fill: FillStyle?
    /// Whether two photos share a slide (`--pair`).
    public var pair: Bool?
    /// The order of a folder's images.
    public var order: SlideOrder?
    public var seed: UInt64?

    public init() {}

    /// These defaults where set, `base` otherwise.
    public func over(_ base: PlaylistStyle) -> PlaylistStyle {
        var merged = base
        merged.interval = interval ?? base.interval
        merged.transition = transition ?? base.transition
        merged.transitionDuration = transitionDuration ?? base.transitionDuration
        merged.fit = fit ?? base.fit
        merged.motion = motion ?? base.motion
        merged.fill = fill ?? base.fill
        merged.pair = pair ?? base.pair
        merged.order = order ?? base.order
        merged.seed = seed ?? base.seed
        return merged
    }
}
