import Foundation

/// One finger dragging past the pan slop, in the direction `axis` allows.
/// A second finger before that fails it (it is a pinch then); once begun the
/// pan keeps its finger and ignores others. Moving first in the wrong
/// direction fails it.
public struct PanRecognizer: SingleFingerRecognizer {
    /// The direction it must take; set between sequences.
    public var axis: PanAxis
    /// How far from `axis` (degrees) the drag may point when it passes the slop; 45 splits the
    /// plane between the two axes (ties count as sideways).
    public var maxAngle: Double = 45
    public private(set) var state: GestureState = .possible
    public private(set) var revision = 0
    public private(set) var info = DragInfo(start: .zero, translation: .zero)
    /// The dragging finger.
    var one: SingleFinger

    public init(axis: PanAxis = .free, metrics: GestureMetrics) {
        self.axis = axis
        one = SingleFinger(metrics: metrics)
    }

    public mutating func handle(_ event: InputEvent) {
        restartIfNewTouch(event)
        guard let change = one.tracker.apply(event) else { return }
        switch (state, change) {
        case (.possible, .added(let p)):
            if one.claim(p) {
                info = DragInfo(start: p.start, translation: .zero)
            } else {
                state = .failed  // a second finger before the pan was accepted
            }
        case (.possible, .moved(let p)):
            guard one.follows(p) else { return }
            passSlop(p, lifted: false)
        case (.possible, .removed(let p)):
            guard one.follows(p) else { return }
            // A drag whose only report is the lift still counts.
            passSlop(p, lifted: true)
            if state == .possible { state = .failed }
        case (.began, .moved(let p)), (.changed, .moved(let p)):
            guard one.follows(p) else { return }
            info.translation = p.translation
            state = .changed
            revision += 1
        case (.began, .removed(let p)), (.changed, .removed(let p)):
            guard one.follows(p) else { return }
            info.translation = p.translation
            info.velocity = p.velocity(at: one.tracker.time)
            state = .ended
            revision += 1
        default:
            break  // other fingers once begun, anything once over
        }
    }

    /// A pan locked to an axis waits for the longer direction travel before it decides (a lift past
    /// the slop decides at once); a free pan begins at the slop.
    private mutating func passSlop(_ p: Pointer, lifted: Bool) {
        let d = p.translation
        let travel = axis == .free || lifted ? metrics.slop : metrics.directionTravel
        guard d.length > travel else { return }
        if !Self.allows(d, axis: axis, maxAngle: maxAngle) {
            state = .failed
            return
        }
        info.translation = d
        if lifted {
            info.velocity = p.velocity(at: one.tracker.time)
            state = .ended
        } else {
            state = .began
        }
        revision += 1
    }

    /// Whether a drag by `d` points within `maxAngle` degrees of `axis`.
    static func allows(_ d: Vector, axis: PanAxis, maxAngle: Double) -> Bool {
        // At 45° exactly the halves meet: ties are sideways, as tan(45°) would round them away.
        let slope = maxAngle == 45 ? 1 : tan(min(max(maxAngle, 0), 90) * .pi / 180)
        switch axis {
        case .free: return true
        case .horizontal: return abs(d.dy) <= abs(d.dx) * slope
        case .vertical: return maxAngle == 45 ? abs(d.dx) < abs(d.dy) : abs(d.dx) <= abs(d.dy) * slope
        }
    }

    /// A pan has no deadline.
    public mutating func advance(to time: ShowTime) {}

    public mutating func reject() {
        state = Self.rejected(state)
    }

    public mutating func reset() {
        state = .possible
        info = DragInfo(start: .zero, translation: .zero)
        one.reset()
    }

    public var isConsistent: Bool {
        guard one.tracker.isConsistent, info.translation.length.isFinite, info.velocity.length.isFinite else {
            return false
        }
        if state.isActive { return one.isConsistentWhileActive }
        return state != .possible || one.isConsistentWhilePossible
    }
}
