/// Options for touch, mouse and the modes around them, shared by `play` and `snapshot`.
public struct TouchOptions: Equatable, Sendable {
    /// Seconds without input after which browse or grid gives way to the show.
    public var idleTimeout: Seconds = 30
    /// Start with the wall of thumbnails instead of the show.
    public var startInGrid = false
    /// Whether the info panel has Hide and Favourite buttons (off for a screen strangers touch).
    public var panelActions = true
    public var gestures = GestureSettings()
    /// Zoom factor of one wheel notch.
    public var wheelZoomStep = 1.25
    /// An input trace to replay (`--input FILE`).
    public var inputTrace: String?

    public init() {}
}
