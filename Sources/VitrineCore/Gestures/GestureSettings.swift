/// The thresholds that tell gestures apart. Distances are fractions of the
/// shorter side of the output (or of its width or height where named so), times
/// are seconds, so the same settings behave alike on any screen.
public struct GestureSettings: Equatable, Sendable {
    /// Longest wait from the first tap's release to the second touch of a double tap.
    public var doubleTapTime: Double = 0.3
    /// Farthest the second tap of a double tap may land from the first, as a fraction of the shorter side.
    public var doubleTapDistance: Double = 0.03
    /// How far a finger may wander before a touch becomes a drag, as a fraction of the shorter side.
    public var panSlop: Double = 0.015
    /// How long a finger must rest for a long press; a tap must be shorter.
    public var longPressTime: Double = 0.6
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
    /// A drag pages only when its direction is within this many degrees of the paging axis.
    public var pageAngle: Double = 30
    /// Which way swipes page; the dismiss pull is across it.
    public var pagingAxis: SlideAxis = .horizontal
    /// Fingers beyond this many are ignored.
    public var maxPointers: Int = 10

    public init() {}
}

/// Gesture settings resolved for one output size: thresholds in pixels and the
/// conversion from normalised input coordinates to output pixels.
public struct GestureMetrics: Equatable, Sendable {
    public var settings: GestureSettings
    public var output: Size

    public init(settings: GestureSettings = GestureSettings(), output: Size) {
        self.settings = settings
        self.output = output.isEmpty ? Size(width: 1, height: 1) : output
    }

    public var shorterSide: Double { min(output.width, output.height) }
    /// Pan slop in pixels.
    public var slop: Double { settings.panSlop * shorterSide }
    /// Double-tap distance in pixels.
    public var doubleTapDistance: Double { settings.doubleTapDistance * shorterSide }

    /// A normalised point in output pixels.
    public func pixels(x: Double, y: Double) -> Point {
        Point(x: x * output.width, y: y * output.height)
    }
}
