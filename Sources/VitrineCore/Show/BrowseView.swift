/// The browsed image and what is happening to it: at rest (zoomed or not),
/// following a swipe, gliding to its place after one, being put away, or
/// opening from a thumbnail. Every animation is a tween evaluated at render
/// time; `finish(at:)` drops the ones that are over.
public struct BrowseView: Equatable, Sendable {
    public internal(set) var viewport: Viewport
    public internal(set) var activity: Activity = .resting
    /// Which way pages lie; the dismiss pulls across it.
    public var pagingAxis: SlideAxis
    /// After paging away, the slide left behind as it was (zoomed or not), at no page offset.
    public internal(set) var leavingRect: Rect?
    /// The pose when a pan or pinch began.
    var gestureBase: Viewport.Pose?
    /// The pinch's last focal point, to settle about.
    var lastFocal: Point?

    /// Seconds for a spring back, a double-tap zoom and a dismiss.
    public static let springDuration: Seconds = 0.25
    /// Seconds for a page to glide a whole screen width after a swipe.
    public static let pageDuration: Seconds = 0.3
    /// Seconds for the zoom from a thumbnail.
    public static let openDuration = 0.3
    /// Seconds for a wheel notch's zoom.
    public static let wheelDuration = 0.12
    /// The fastest a let-go image coasts, in screen lengths (the longer side) a second.
    public static let maxGlideSpeed = 6.0

    public enum Activity: Equatable, Sendable {
        case resting
        /// A finger swiping; the slide is `offset` pixels along the paging axis (positive: right or down).
        case paging(offset: Double, base: Double)
        /// Released: the offset glides to 0. `direction` ≠ 0 when it paged (the index already changed).
        case pageSettle(Tween, direction: Int)
        /// A finger pulling the image away.
        case dismissing(DismissLook)
        /// Released: springing back, or going away when `commit`.
        case dismissSettle(from: DismissLook, to: DismissLook, tween: Tween, commit: Bool)
        /// Growing from a thumbnail's rectangle.
        case opening(from: Rect, tween: Tween)
    }

    /// What `finish(at:)` found over.
    public enum Finished: Equatable, Sendable {
        case dismissed
    }

    public init(fit: Rect, screen: Rect, pagingAxis: SlideAxis = .horizontal) {
        viewport = Viewport(fit: fit, screen: screen)
        self.pagingAxis = pagingAxis
    }

    public var screen: Rect { viewport.screen }
    public var fit: Rect { viewport.fit }

    public func zoom(at time: ShowTime) -> Double { viewport.zoom(at: time) }

    /// At 1× and not moving in a way that excludes paging or dismissing.
    public var isAtFit: Bool { viewport.isAtFit }

    /// How far the slide is pushed along the paging axis at `time`.
    public func pageOffset(at time: ShowTime) -> Double {
        switch activity {
        case .paging(let offset, _): return offset
        case .pageSettle(let tween, _): return tween.value(at: time)
        default: return 0
        }
    }

    /// The look while being put away (or opening), nil otherwise.
    public func dismissLook(at time: ShowTime) -> DismissLook? {
        switch activity {
        case .dismissing(let look): return look
        case .dismissSettle(let from, let to, let tween, _):
            return .lerp(from, to, tween.value(at: time))
        case .opening(let from, let tween):
            let p = tween.value(at: time)
            return DismissLook(rect: .lerp(from, viewport.rect(at: time), p), veil: p, alpha: 1)
        default: return nil
        }
    }

    /// The transition to report at `time`: a page gliding in (slide), growing from a thumbnail (zoom).
    public func transition(at time: ShowTime) -> (kind: TransitionKind, progress: Double)? {
        switch activity {
        case .pageSettle(let tween, let direction)
        where direction != 0 && !tween.isFinished(at: time):
            return (.slide, tween.progress(at: time))
        case .opening(_, let tween) where !tween.isFinished(at: time):
            return (.zoom, tween.progress(at: time))
        case .dismissSettle(_, let to, let tween, true) where !tween.isFinished(at: time):
            // Into a thumbnail it zooms; away from the show it fades.
            return (to.alpha < 1 ? .fade : .zoom, tween.progress(at: time))
        default:
            return nil
        }
    }

    /// Drops what is over; says when a dismiss has completed.
    public mutating func finish(at time: ShowTime) -> Finished? {
        viewport.finish(at: time)
        switch activity {
        case .pageSettle(let tween, _) where tween.isFinished(at: time):
            activity = .resting
            leavingRect = nil
        case .opening(_, let tween) where tween.isFinished(at: time):
            activity = .resting
        case .dismissSettle(_, _, let tween, let commit) where tween.isFinished(at: time):
            activity = .resting
            if commit { return .dismissed }
        default:
            break
        }
        return nil
    }

    /// The image's size became known or the screen changed.
    public mutating func refit(_ fit: Rect, screen: Rect) {
        viewport.refit(fit, screen: screen)
    }

    // MARK: Zoom

    /// Double tap: from 1× to 2× with the tapped point moved to the centre, or back to 1×.
    public mutating func toggleZoom(at point: Point, time: ShowTime) {
        settleActivity(at: time)
        let now = viewport.pose(at: time)
        let target: Viewport.Pose
        if viewport.pose.scale > 1.01 {
            target = Viewport.Pose(scale: 1, center: fit.center)
        } else {
            let k = 2 / now.scale
            let center = screen.center.moved(by: point.vector(to: now.center) * k)
            target = viewport.clamped(Viewport.Pose(scale: 2, center: center), about: screen.center)
        }
        viewport.animate(to: target, at: time, duration: Self.springDuration)
    }

    /// A wheel turn: zoom by `factor` about `point`, within the limits.
    public mutating func zoom(by factor: Double, about point: Point, time: ShowTime) {
        guard factor.isFinite, factor > 0 else { return }
        settleActivity(at: time)
        let target = viewport.clamped(viewport.pose.zoomed(by: factor, about: point), about: point)
        viewport.animate(
            to: target, at: time, duration: Seconds(Self.wheelDuration), curve: .easeOut)
    }

    public mutating func beginPinch(at time: ShowTime) {
        settleActivity(at: time)
        let now = viewport.pose(at: time)
        viewport.show(now)
        gestureBase = now
    }

    /// Fingers pinching: the image point under the start focal follows the focal, scaled by the
    /// pinch's zoom; rubber bands at the limits. Two fingers that keep their spread move a zoomed
    /// image and leave one at 1× exactly where it is.
    public mutating func pinch(_ info: PinchInfo) {
        guard let base = gestureBase else { return }
        lastFocal = info.focal
        if info.zoom == 1, abs(base.scale - 1) < 1e-6 {
            viewport.show(base)
            return
        }
        let raw = Viewport.Pose(
            scale: base.scale * info.zoom,
            center: info.focal.moved(by: info.startFocal.vector(to: base.center) * info.zoom))
        viewport.show(viewport.rubberBanded(raw, about: info.focal))
    }

    /// Fingers lifted: spring back within the limits; below `settleScale` all the way back to 1×.
    public mutating func endPinch(at time: ShowTime, settleScale: Double = 1) {
        let focal = lastFocal ?? screen.center
        var target = viewport.clamped(viewport.pose, about: focal)
        if target.scale < settleScale {
            var one = viewport.pose.zoomed(by: 1 / max(viewport.pose.scale, 1e-6), about: focal)
            one.scale = 1
            target = viewport.clamped(one, about: focal)
        }
        viewport.animate(
            to: target, at: time, duration: Self.springDuration, curve: .easeOut)
        gestureBase = nil
        lastFocal = nil
    }

    public mutating func beginPan(at time: ShowTime) {
        beginPinch(at: time)
    }

    /// The finger lifted with `velocity` (pixels a second): faster than the
    /// settings' glide velocity the image coasts on and slows to rest within
    /// its edges; slower, it stays (or springs back inside them).
    public mutating func endPan(
        velocity: Vector = .zero, settings: GestureSettings = GestureSettings(), at time: ShowTime
    ) {
        let threshold = settings.glideVelocity * min(screen.width, screen.height)
        guard velocity.length.isFinite, velocity.length > threshold, gestureBase != nil else {
            endPinch(at: time)
            return
        }
        // A flick measured over a few milliseconds can be absurdly fast: cap it.
        let cap = Self.maxGlideSpeed * max(screen.width, screen.height)
        let v = velocity.length > cap ? velocity * (cap / velocity.length) : velocity
        viewport.coast(velocity: v, about: lastFocal ?? screen.center, at: time)
        gestureBase = nil
        lastFocal = nil
    }

    /// A finger touched: a coasting image stops where it is.
    public mutating func catchGlide(at time: ShowTime) {
        viewport.catchGlide(at: time)
    }

    /// A gesture starts: the page or dismiss animation in flight jumps to its end.
    mutating func settleActivity(at time: ShowTime) {
        leavingRect = nil
        switch activity {
        case .paging, .pageSettle, .opening: activity = .resting
        case .dismissing, .dismissSettle: activity = .resting
        case .resting: break
        }
    }

    /// A zoom animation in flight jumps to its end.
    mutating func settleViewport() {
        viewport.show(viewport.pose)
    }
}
