/// One frame's decisions: what to draw, what to decode, what the host must do.
public struct FrameOutput: Sendable {
    /// The frame, laid out for the logical size.
    public var scene: Scene
    /// The file path of each slide index the scene draws (the drawer's image keys).
    public var paths: [Int: String]
    public var decodes: DecodePlan
    /// Quit, toggle fullscreen.
    public var requests: [EngineRequest]
    /// What is showing, in one line for the service manager.
    public var status: String
    /// How the picture is turned on the panel (the host maps input back with it).
    public var rotation: ScreenRotation
    /// Set when the show is over: the process's exit code.
    public var exitCode: Int32?
    /// Whether the frame shows what the screen is for: a photo drawn in full (past the first
    /// photo's fade-in), a status screen, or the display off as asked. A frame before the first
    /// photo (black, or fading in) does not; the service manager hears READY only after one that does.
    public var showsContent = true
    /// The video clips the scene draws and where each is in its clip.
    public var videos: [VideoMoment] = []
    /// The two photos the scene draws are a pair at rest (`--pair`), not a transition.
    public var restingPair = false
    /// Photos hidden or made favourites this frame, for the remote events.
    public var markEvents: [PhotoMarkEvent] = []

    /// The key of slide `i`'s image for the drawer.
    public func path(_ i: Int) -> String? { paths[i] }

    /// The image keys the scene draws, in order (for the redraw policy).
    public var drawnKeys: [String] { scene.slidesDrawn.map { paths[$0] ?? "" } }
}
