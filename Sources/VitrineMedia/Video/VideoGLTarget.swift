/// Where clips render their frames on the GPU: OpenGL framebuffers, each with a texture of
/// the screen's renderer as its colour, in a GL context of their own shared with the
/// renderer's. All calls come from the render thread.
public protocol VideoGLTarget: AnyObject {
    /// Whether new clips should render here (false once it failed).
    var usable: Bool { get }
    /// Makes the clips' GL context current; false when it cannot be.
    func begin() -> Bool
    /// Ends rendering: what was rendered is handed over and the renderer's context is current again.
    func end()
    /// The framebuffer object (in the clips' context) for the texture of `key`, `width`×`height`
    /// pixels, made or remade as needed; nil when it cannot be made. Called outside `begin`/`end`.
    func framebuffer(for key: String, width: Int, height: Int) -> Int32?
    /// Forgets the framebuffer and texture of `key`.
    func release(_ key: String)
    /// Says once why clips take the software path from now on.
    func failed(_ reason: String)
}
