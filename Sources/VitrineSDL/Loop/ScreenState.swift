import VitrineCore

/// What the loop knows about the screen it presents to: the output size last seen, whether
/// DPMS had the panel dark, whether a frame must be drawn, when pictures are taken for
/// remotes, and whether the renderer really draws.
struct ScreenState {
    /// Whether a frame must be drawn (nothing is drawn twice), and when a keep-alive frame is due.
    var redraw: RedrawPolicy
    /// When a picture of the screen is taken for remotes.
    var capture = PictureCapture()
    /// Whether the renderer really draws the photos (checked once, on the first lit one).
    var rendererCheck = RendererCheck()
    /// When the last frame was drawn.
    var drawnAt = MonotonicInstant.distantPast
    /// How long, from the last frame not drawn, until a status line held back may go.
    var statusWait: Seconds?
    private var panel: Size?
    private var panelWasDark = false

    init(keepAlive: Seconds?) {
        redraw = RedrawPolicy(keepAlive: keepAlive ?? .infinity)
    }

    /// Whether `size` is another output size than the one last seen (the first one is).
    mutating func panelChanged(to size: Size) -> Bool {
        guard size != panel else { return false }
        panel = size
        redraw.invalidate()
        return true
    }

    /// DPMS has the panel `dark` now; lit again after being dark, it is drawn again.
    mutating func panel(dark: Bool) {
        if panelWasDark, !dark { redraw.invalidate() }
        panelWasDark = dark
    }
}
