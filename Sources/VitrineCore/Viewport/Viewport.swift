import Foundation

/// The zoom and pan of one image on the screen. At 1× the image sits at its
/// fit rectangle; it zooms between `minScale` and `maxScale` about a focal
/// point and pans within bounds: an axis narrower than the screen stays
/// centred, a wider one may not leave a gap at either edge. Past the limits a
/// gesture meets a rubber band; released, the view springs back. Let go with
/// speed, it coasts on (`Glide`) and slows to rest within the bounds.
///
/// Animations are stored as tweens and evaluated at render time, so a frame
/// stays a pure function of time.
public struct Viewport: Equatable, Sendable {
    /// Scale and centre of the image on the screen.
    public struct Pose: Equatable, Sendable {
        /// 1 is the fit size.
        public var scale: Double
        public var center: Point

        public init(scale: Double, center: Point) {
            self.scale = scale
            self.center = center
        }

        static func lerp(_ a: Pose, _ b: Pose, _ t: Double) -> Pose {
            Pose(
                scale: a.scale + (b.scale - a.scale) * t,
                center: Point(
                    x: a.center.x + (b.center.x - a.center.x) * t, y: a.center.y + (b.center.y - a.center.y) * t))
        }

        /// The pose after zooming by `factor` about `focal`.
        public func zoomed(by factor: Double, about focal: Point) -> Pose {
            Pose(scale: scale * factor, center: focal.moved(by: focal.vector(to: center) * factor))
        }
    }

    public var screen: Rect
    /// The image's rectangle at 1×.
    public private(set) var fit: Rect
    public var minScale = 1.0
    public var maxScale = 3.0
    /// Where the view rests, or is heading when animating.
    public private(set) var pose: Pose
    /// A move from one pose to `pose`.
    public private(set) var animation: (from: Pose, tween: Tween)?
    /// The image coasting after a pan let go with speed; `pose` is where it comes to rest.
    public private(set) var glide: Glide?

    /// How far a zoom may overshoot its limits, in natural-log units, for the rubber band.
    static let scaleBand = 0.4

    public init(fit: Rect, screen: Rect) {
        self.fit = fit
        self.screen = screen
        self.pose = Pose(scale: 1, center: fit.center)
    }

    public static func == (a: Viewport, b: Viewport) -> Bool {
        a.screen == b.screen && a.fit == b.fit && a.pose == b.pose && a.animation?.from == b.animation?.from
            && a.animation?.tween == b.animation?.tween && a.glide == b.glide && a.minScale == b.minScale
            && a.maxScale == b.maxScale
    }

    /// The pose shown at `time`.
    public func pose(at time: ShowTime) -> Pose {
        if let glide { return glide.pose(at: time) }
        guard let animation else { return pose }
        return Pose.lerp(animation.from, pose, animation.tween.value(at: time))
    }

    /// The image's rectangle at `time`.
    public func rect(at time: ShowTime) -> Rect {
        let p = pose(at: time)
        return .centered(at: p.center, size: Size(width: fit.width * p.scale, height: fit.height * p.scale))
    }

    public func zoom(at time: ShowTime) -> Double { pose(at: time).scale }

    /// The image's rectangle once any animation is over.
    public var restingRect: Rect { rect(at: ShowTime(seconds: .infinity)) }

    /// At rest at 1× (or heading there).
    public var isAtFit: Bool { abs(pose.scale - 1) < 1e-6 }

    /// Jumps to `pose` with no animation (a finger is moving it).
    public mutating func show(_ pose: Pose) {
        self.pose = pose
        animation = nil
        glide = nil
    }

    /// Animates from what shows at `time` to `target`.
    public mutating func animate(to target: Pose, at time: ShowTime, duration: Seconds, curve: Curve = .easeInOut) {
        let from = pose(at: time)
        pose = target
        glide = nil
        animation =
            from == target
            ? nil
            : (from, Tween(from: 0, to: 1, start: time, duration: duration, curve: curve))
    }

    /// Drops a finished animation.
    public mutating func finish(at time: ShowTime) {
        if let a = animation, a.tween.isFinished(at: time) { animation = nil }
        if let g = glide, g.isFinished(at: time) { glide = nil }
    }

    /// Coasts from what shows at `time` with `velocity` (pixels a second),
    /// slowing down within the limits; an axis past its edge springs back.
    /// At a scale outside the limits it springs back as `clamped` would.
    public mutating func coast(velocity: Vector, about focal: Point, at time: ShowTime) {
        let from = pose(at: time)
        guard from.scale >= minScale, from.scale <= maxScale, velocity.dx.isFinite, velocity.dy.isFinite else {
            animate(
                to: clamped(from, about: focal), at: time, duration: BrowseView.springDuration, curve: .easeOut
            )
            return
        }
        let g = Glide(
            scale: from.scale, center: from.center, velocity: velocity, range: centerRange(scale: from.scale),
            limit: Glide.bounceLimit * min(screen.width, screen.height), at: time)
        animation = nil
        pose = g.rest
        glide = g.isFinished(at: time) ? nil : g
    }

    /// A finger touched while coasting: it stops where it is, unless it is past an edge and springing back.
    public mutating func catchGlide(at time: ShowTime) {
        guard glide != nil else { return }
        let now = pose(at: time)
        if clamped(now, about: now.center) == now { show(now) }
    }

    /// A new fit rectangle (the image's size became known, or the screen
    /// changed); the zoom and the relative position are kept.
    public mutating func refit(_ newFit: Rect, screen newScreen: Rect) {
        guard newFit != fit || newScreen != screen, !newFit.isEmpty else { return }
        let k = fit.width > 0 ? newFit.width / fit.width : 1
        func moved(_ p: Pose) -> Pose {
            Pose(scale: p.scale, center: newFit.center.moved(by: fit.center.vector(to: p.center) * k))
        }
        pose = moved(pose)
        animation = animation.map { (moved($0.from), $0.tween) }
        glide = nil  // it stops at its resting place, moved with the rest
        fit = newFit
        screen = newScreen
    }

    // MARK: Limits

    /// The centres allowed at `scale` on each axis.
    public func centerRange(scale: Double) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        func range(_ extent: Double, _ lo: Double, _ hi: Double, _ fitCenter: Double) -> ClosedRange<Double> {
            // Narrower than the screen: it stays where the fit puts it (centred).
            guard extent > hi - lo else { return fitCenter...fitCenter }
            return (hi - extent / 2)...(lo + extent / 2)
        }
        return (
            range(fit.width * scale, screen.minX, screen.maxX, fit.center.x),
            range(fit.height * scale, screen.minY, screen.maxY, fit.center.y)
        )
    }

    /// `pose` brought within the limits: scale first, about `focal`, then the centre.
    public func clamped(_ pose: Pose, about focal: Point) -> Pose {
        let scale = min(max(pose.scale, minScale), maxScale)
        var p = pose.zoomed(by: scale / pose.scale, about: focal)
        p.scale = scale  // exactly, not within rounding
        let r = centerRange(scale: scale)
        p.center = Point(
            x: min(max(p.center.x, r.x.lowerBound), r.x.upperBound),
            y: min(max(p.center.y, r.y.lowerBound), r.y.upperBound))
        return p
    }

    /// What a finger-driven `raw` pose looks like with rubber bands at the limits.
    public func rubberBanded(_ raw: Pose, about focal: Point) -> Pose {
        let lo = log(minScale)
        let hi = log(maxScale)
        let s = max(raw.scale, 1e-6)
        let banded = exp(RubberBand.clamp(log(s), to: lo...hi, dimension: Self.scaleBand))
        var p = raw.zoomed(by: banded / s, about: focal)
        p.scale = banded
        let r = centerRange(scale: banded)
        p.center = Point(
            x: RubberBand.clamp(p.center.x, to: r.x, dimension: screen.width),
            y: RubberBand.clamp(p.center.y, to: r.y, dimension: screen.height))
        return p
    }
}
