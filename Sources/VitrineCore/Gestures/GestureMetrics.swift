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
    /// The travel that decides a drag's direction, in pixels; never shorter than the slop.
    public var directionTravel: Double { max(slop, settings.directionTravel * shorterSide) }
    /// Double-tap distance in pixels.
    public var doubleTapDistance: Double { settings.doubleTapDistance * shorterSide }

    /// A normalised point in output pixels.
    public func pixels(x: Double, y: Double) -> Point {
        Point(x: x * output.width, y: y * output.height)
    }
}
