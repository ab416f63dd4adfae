import CGLVideo
import CSDL2
import VitrineCore
import VitrineMedia

/// The `VideoGLTarget` of SDL's OpenGL renderer: clips rendered by libmpv's OpenGL API
/// straight into textures of SDL's OpenGL (ES) renderer, which then draws them like photos' textures. Clips render in a GL context of
/// their own, shared with the renderer's (so SDL's cached GL state is never disturbed): each
/// clip's texture is made by SDL (ABGR8888: plain RGBA in GL, on desktop GL and on GLES 2),
/// its GL name read in SDL's context, and a framebuffer made around it in the clips' context.
/// After a frame is rendered, a fence (or a flush) hands it to SDL's context.
public final class RendererVideoTextures: VideoGLTarget {
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private let rendererContext: SDL_GLContext
    private let clipContext: SDL_GLContext
    private var gl = VitrineGL()
    private var surfaces: [String: Surface] = [:]
    private let log = Log("video")
    public private(set) var usable = true

    private struct Surface {
        let texture: Texture
        let fbo: UInt32
    }

    /// Why the GL path cannot be had; the show says it once and takes the software path.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The display, kept while its textures are: they go before its renderer does.
    private let display: Display

    /// The target for `display`, whose renderer must be `opengl` or `opengles2`.
    public init(display: Display) throws(Failure) {
        let rendererName = display.rendererName
        guard rendererName == "opengl" || rendererName == "opengles2" else {
            throw Failure(description: "the \(rendererName) renderer has no OpenGL context")
        }
        self.display = display
        let window = display.window
        let renderer = display.renderer
        self.window = window
        self.renderer = renderer
        // Binding a texture makes SDL's context current: the one the clips' context shares with.
        guard
            let probe = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), 16, 16)
        else { throw Failure(description: "SDL made no texture: \(SDLError.message())") }
        defer { SDL_DestroyTexture(probe) }
        // Flushing and unbinding (here and below) fail only for a renderer or texture that is not
        // valid: these are alive.
        SDL_RenderFlush(renderer)
        guard SDL_GL_BindTexture(probe, nil, nil) == 0, let current = SDL_GL_GetCurrentContext() else {
            throw Failure(description: "SDL's renderer shows no GL context: \(SDLError.message())")
        }
        SDL_GL_UnbindTexture(probe)
        rendererContext = current
        guard vitrine_gl_load(&gl, { SDL_GL_GetProcAddress($0) }) != 0 else {
            throw Failure(description: "the GL driver lacks framebuffer objects")
        }
        // SDL_GL_GetAttribute and SDL_GL_SetAttribute fail only for an attribute SDL does not
        // know (or, for reading, with no current context, and there is one): these four it knows.
        var saved: (share: Int32, profile: Int32, major: Int32, minor: Int32) = (0, 0, 0, 0)
        SDL_GL_GetAttribute(SDL_GL_SHARE_WITH_CURRENT_CONTEXT, &saved.share)
        SDL_GL_GetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, &saved.profile)
        SDL_GL_GetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, &saved.major)
        SDL_GL_GetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, &saved.minor)
        SDL_GL_SetAttribute(SDL_GL_SHARE_WITH_CURRENT_CONTEXT, 1)
        if rendererName == "opengles2" {
            SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_ES.rawValue))
            SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 2)
            SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0)
        }
        let made = SDL_GL_CreateContext(window)
        let problem = SDLError.message()
        SDL_GL_SetAttribute(SDL_GL_SHARE_WITH_CURRENT_CONTEXT, saved.share)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, saved.profile)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, saved.major)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, saved.minor)
        // Creating a context makes it current: SDL's goes back. Making current a context SDL made
        // for this window fails only when the driver has lost it, and then no drawing can go on:
        // wherever this type gives SDL its context back, the result is not checked.
        SDL_GL_MakeCurrent(window, rendererContext)
        guard let made else { throw Failure(description: "no shared GL context for clips: \(problem)") }
        clipContext = made
    }

    deinit {
        if SDL_GL_MakeCurrent(window, clipContext) == 0 {
            for surface in surfaces.values { vitrine_gl_delete_framebuffer(&gl, surface.fbo) }
        }
        SDL_GL_MakeCurrent(window, rendererContext)
        surfaces.removeAll()
        SDL_GL_DeleteContext(clipContext)
    }

    public func begin() -> Bool {
        // SDL's queued drawing goes first: it may use a texture about to be rendered into.
        SDL_RenderFlush(renderer)
        return SDL_GL_MakeCurrent(window, clipContext) == 0
    }

    public func end() {
        let fence = vitrine_gl_fence(&gl)
        // As in `init`: SDL's own context, which only a lost driver refuses.
        SDL_GL_MakeCurrent(window, rendererContext)
        vitrine_gl_wait(&gl, fence)
    }

    public func framebuffer(for key: String, width: Int, height: Int) -> Int32? {
        if let surface = surfaces[key], surface.texture.width == width, surface.texture.height == height {
            return Int32(surface.fbo)
        }
        release(key)
        guard
            let handle = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(width),
                Int32(height))
        else { return nil }
        let texture = Texture(handle: handle, width: width, height: height)
        // Modes every GL renderer has: refused only for a texture that is not valid.
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear)
        SDL_RenderFlush(renderer)
        var scale: (w: Float, h: Float) = (0, 0)
        guard SDL_GL_BindTexture(handle, &scale.w, &scale.h) == 0 else { return nil }
        let name = vitrine_gl_bound_texture(&gl)
        SDL_GL_UnbindTexture(handle)
        // A padded or rectangle texture (an old GL without any-size textures) cannot be a whole framebuffer.
        guard name != 0, scale == (1, 1) else {
            failed("the renderer's textures are not plain 2D textures")
            return nil
        }
        guard SDL_GL_MakeCurrent(window, clipContext) == 0 else { return nil }
        let fbo = vitrine_gl_framebuffer(&gl, name)
        SDL_GL_MakeCurrent(window, rendererContext)
        guard fbo != 0 else {
            failed("a framebuffer around the renderer's texture is incomplete")
            return nil
        }
        surfaces[key] = Surface(texture: texture, fbo: fbo)
        return Int32(fbo)
    }

    public func release(_ key: String) {
        guard let surface = surfaces.removeValue(forKey: key) else { return }
        if SDL_GL_MakeCurrent(window, clipContext) == 0 { vitrine_gl_delete_framebuffer(&gl, surface.fbo) }
        SDL_GL_MakeCurrent(window, rendererContext)
    }

    public func failed(_ reason: String) {
        guard usable else { return }
        usable = false
        log.warning("clips take the software path: \(reason)")
    }

    /// The GPU (or software rasteriser) the renderer's GL context runs on, as the driver names it.
    public var glRenderer: String {
        SDL_GL_MakeCurrent(window, rendererContext)
        return String(cString: vitrine_gl_renderer(&gl))
    }

    /// The texture the clip at `key` renders into, once it rendered a frame.
    func texture(for key: String) -> Texture? { surfaces[key]?.texture }
}
