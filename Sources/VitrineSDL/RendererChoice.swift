/// Which SDL renderer to use.
public enum RendererChoice: String, CaseIterable, Sendable {
    /// Hardware with vsync where there is one, software otherwise.
    case auto
    case software
    case opengles2
    case opengl
}
