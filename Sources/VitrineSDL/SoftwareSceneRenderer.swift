import CSDL2
import VitrineCore
import VitrineMedia

/// Draws scenes for SDL's software renderer without its slow alpha-modulated
/// copies: `SceneCompositor` composes the images and fills in Swift straight
/// into one streaming texture, which is then copied to the target once. Images
/// stay as pixel buffers (no texture each). Text and shapes, which come after
/// the pictures, are drawn over it by a `SceneRenderer`. Images moving fast
/// from one frame to the next are sampled with nearest pixels (see
/// `MotionSampling`); still ones bilinearly. Only the render thread may use it.
public final class SoftwareSceneRenderer: SceneDrawing {
    let renderer: OpaquePointer
    private var images: [String: PixelBuffer] = [:]
    private var sizes: [String: Size] = [:]
    private var frame: OpaquePointer?
    private var frameWidth = 0
    private var frameHeight = 0
    /// Text and shapes (and, should one follow them, an image: uploaded then).
    private let overlays: SceneRenderer
    /// Which images moved fast since the previous frame.
    private var motion = MotionSampling()
    /// Whether the last frame sampled moving images at the nearest pixel.
    public private(set) var lastFrameApproximate = false

    /// Wraps an SDL (software) renderer the caller owns and keeps alive.
    public init(renderer: OpaquePointer, fontPath: String? = nil) {
        self.renderer = renderer
        self.overlays = SceneRenderer(renderer: renderer, fontPath: fontPath)
    }

    deinit {
        if let frame { SDL_DestroyTexture(frame) }
    }

    @discardableResult
    public func setImage(_ pixels: PixelBuffer, sourceSize: Size, for key: String) -> Bool {
        guard pixels.width > 0, pixels.height > 0 else { return false }
        images[key] = pixels
        sizes[key] = sourceSize
        return true
    }

    public func hasImage(_ key: String) -> Bool { images[key] != nil }

    public func imageSize(_ key: String) -> Size? { sizes[key] }

    public func retainOnly(_ keep: Set<String>) {
        for key in images.keys where !keep.contains(key) {
            images[key] = nil
            sizes[key] = nil
        }
        overlays.retainOnly(keep)
    }

    /// Forgets the images and the frame texture (also after the renderer lost its textures).
    public func removeAll() {
        images.removeAll()
        sizes.removeAll()
        overlays.removeAll()
        motion.reset()
        if let frame { SDL_DestroyTexture(frame) }
        frame = nil
    }

    public var loadedKeys: Set<String> { Set(images.keys) }

    public func draw(_ scene: Scene, key: (Int) -> String?) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        guard w > 0, h > 0, let texture = frameTexture(width: Int(w), height: Int(h)) else { return }
        // The pictures: every image and fill before the first text or shape.
        let pictures = scene.ops.prefix { op in
            switch op {
            case .image, .fill: return true
            default: return false
            }
        }
        var raw: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &raw, &pitch) == 0, let raw else { return }
        let pixels = raw.assumingMemoryBound(to: UInt32.self)
        let compositor = SceneCompositor(width: Int(w), height: Int(h))
        let ops = Array(pictures)
        let nearest = motion.nearestOps(ops, key: key)
        lastFrameApproximate = !nearest.isEmpty
        compositor.draw(
            Scene(size: scene.size, background: scene.background, ops: ops), into: pixels,
            pitch: Int(pitch) / 4, nearest: nearest
        ) { slide in
            key(slide).flatMap { images[$0] }
        }
        SDL_UnlockTexture(texture)
        SDL_RenderCopy(renderer, texture, nil, nil)
        let rest = scene.ops[pictures.endIndex...]
        guard !rest.isEmpty else { return }
        for case .image(let slide, _, _) in rest {
            if let name = key(slide), !overlays.hasImage(name), let pixels = images[name] {
                overlays.setImage(pixels, sourceSize: sizes[name] ?? pixels.size, for: name)
            }
        }
        overlays.draw(rest, key: key)
    }

    /// The streaming texture the frame is composed in, remade when the output size changes.
    private func frameTexture(width: Int, height: Int) -> OpaquePointer? {
        if let frame, frameWidth == width, frameHeight == height { return frame }
        if let frame { SDL_DestroyTexture(frame) }
        frame = SDL_CreateTexture(
            renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(width),
            Int32(height))
        if let frame { SDL_SetTextureBlendMode(frame, SDL_BLENDMODE_NONE) }
        frameWidth = width
        frameHeight = height
        return frame
    }
}
