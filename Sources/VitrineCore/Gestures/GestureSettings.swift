/// The thresholds that tell gestures apart. Distances are fractions of the
/// shorter side of the output (or of its width or height where named so), times
/// are seconds, so the same settings behave alike on any screen.
public struct GestureSettings: Equatable, Sendable {
    /// Longest wait from the first tap's release to the second touch of a double tap.
    public var doubleTapTime = Seconds(0.3)
    /// Farthest the second tap of a double tap may land from the first, as a fraction of the shorter side.
    /// Fast taps land apart: about 100 dp on a phone (Android's double-tap slop), which is near 6 % of the
    /// shorter side of a 21" 1080p panel.
    public var doubleTapDistance: Double = 0.06
    /// How far a finger may wander before a touch becomes a drag, as a fraction of the shorter side.
    public var panSlop: Double = 0.015
    /// How long a finger must rest, never wandering past the pan slop, for a long press; a tap must be shorter.
    public var longPressTime = Seconds(0.8)
    /// A second finger landing this soon after the first makes a two-finger gesture, even when the
    /// first has already started to drag.
    public var secondFingerTime = Seconds(0.25)
    /// How far a drag travels, as a fraction of the shorter side, before it is told to page or to pull
    /// across; longer than the slop, so the first jitter of a finger does not decide.
    public var directionTravel: Double = 0.03
    /// A swipe released past this fraction of the width pages.
    public var pageDistance: Double = 0.5
    /// A swipe flung faster than this many widths a second pages, however short.
    public var pageVelocity: Double = 0.5
    /// A pan-down released past this fraction of the height dismisses.
    public var dismissDistance: Double = 0.25
    /// A pan-down flung faster than this many heights a second dismisses.
    public var dismissVelocity: Double = 0.5
    /// A zoomed image let go faster than this many shorter sides a second coasts on.
    public var glideVelocity: Double = 0.3
    /// Two fingers whose spread stays within this fraction of its start (±) pan; they never zoom.
    public var spreadTolerance: Double = 0.1
    /// A pinch let go below this zoom springs back to 1×.
    public var zoomSettleScale: Double = 1.15
    /// A drag pages when its direction is within this many degrees of the paging axis; at 45 every
    /// drag either pages or pulls across, none is neither.
    public var pageAngle: Double = 45
    /// Which way swipes page; the dismiss pull is across it.
    public var pagingAxis: SlideAxis = .horizontal
    /// Fingers beyond this many are ignored.
    public var maxPointers: Int = 10

    public init() {}
}
