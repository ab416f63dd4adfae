import VitrineCore

/// How the show appears on the screen.
public struct DisplayOptions: Sendable {
    /// A window of this size; nil means fullscreen.
    public var windowed: Size?
    /// SDL video driver name; nil lets SDL choose (KMS/DRM, X11, Wayland).
    public var videoDriver: String?
    public var renderer: RendererChoice = .auto
    /// Where to write the frame on the screen as PNG when the show ends; nil writes nothing.
    public var lastFrame: String?
    /// Asks another process which OpenGL driver the accelerated renderer runs on (`GLProbe`),
    /// so that with `auto` a software rasteriser never loads in this one; nil looks here.
    public var glProbe: (@Sendable () -> GLProbe.Found?)?

    public init() {}
}
