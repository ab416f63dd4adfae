import CSDL2
import Foundation
import VitrineCore
import VitrineMedia

/// Draws scenes for SDL's software renderer without its slow alpha-modulated
/// copies: `SceneCompositor` composes the images and fills in Swift straight
/// into one streaming texture, which is then copied to the target once. Images
/// stay as pixel buffers (no texture each). Text and shapes, which come after
/// the pictures, are drawn over it by a `SceneRenderer`. When the caller
/// names the surface the renderer draws into (`target`), the pictures are
/// composed straight into it instead, saving the texture's full-frame copy.
/// Images moving fast
/// from one frame to the next are sampled with nearest pixels (see
/// `MotionSampling`); still ones bilinearly. Only the render thread may use it.
public final class SoftwareSceneRenderer: SceneDrawing {
    let renderer: OpaquePointer
    private var images: [String: PixelBuffer] = [:]
    private var sizes: [String: Size] = [:]
    /// The slides' backdrops as decoded (small), and scaled up to the output once each
    /// (`screenBackdrops`), so a frame copies the bars' pixels rather than stretching them.
    private var backdrops: [String: PixelBuffer] = [:]
    private var screenBackdrops: [String: PixelBuffer] = [:]
    private var frame: OpaquePointer?
    private var frameWidth = 0
    private var frameHeight = 0
    /// Text and shapes (and, should one follow them, an image: uploaded then).
    private let overlays: SceneRenderer
    /// Which images moved fast since the previous frame.
    private var motion = MotionSampling()
    /// Whether the last frame sampled moving images at the nearest pixel.
    public private(set) var lastFrameApproximate = false
    /// Whether the last frame's pictures were composed straight into the target surface (not via the texture).
    public private(set) var lastFrameDirect = false
    /// The second thread frames are composed on, started with the first frame (none on one core).
    private lazy var worker: BandWorker? = ProcessInfo.processInfo.activeProcessorCount > 1 ? BandWorker() : nil
    /// The surface the renderer draws into, when known (see `init`).
    private let target: () -> UnsafeMutablePointer<SDL_Surface>?

    /// Wraps an SDL (software) renderer the caller owns and keeps alive.
    /// `target` gives the surface that renderer draws into (its window's
    /// surface, or the one it was made for), or nil when unknown: frames are
    /// then composed straight into that surface whenever the renderer draws
    /// there 1:1 in a 32-bit RGB format, else in a texture copied to the target.
    public init(
        renderer: OpaquePointer, fontPath: String? = nil,
        target: @escaping () -> UnsafeMutablePointer<SDL_Surface>? = { nil }
    ) {
        self.renderer = renderer
        self.overlays = SceneRenderer(renderer: renderer, fontPath: fontPath)
        self.target = target
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

    public func setBackdrop(_ pixels: PixelBuffer, for key: String) {
        guard pixels.width > 0, pixels.height > 0 else { return }
        backdrops[key] = pixels
        screenBackdrops[key] = nil
    }

    /// Slide `key`'s backdrop at `width` × `height`, scaled up (bilinearly) the first time it is asked for.
    private func screenBackdrop(_ key: String, width: Int, height: Int) -> PixelBuffer? {
        if let made = screenBackdrops[key], made.width == width, made.height == height { return made }
        guard let small = backdrops[key] else { return nil }
        let screen = Rect(size: Size(width: Double(width), height: Double(height)))
        let made = SceneCompositor(width: width, height: height, worker: worker).render(
            Scene(size: screen.size, background: .black, ops: [.image(slide: 0, rect: screen, alpha: 1)])
        ) { _ in small }
        screenBackdrops[key] = made
        return made
    }

    public func hasImage(_ key: String) -> Bool { images[key] != nil }

    public func imageSize(_ key: String) -> Size? { sizes[key] }

    public func retainOnly(_ keep: Set<String>) {
        for key in images.keys where !keep.contains(key) {
            images[key] = nil
            sizes[key] = nil
        }
        for key in backdrops.keys where !keep.contains(key) {
            backdrops[key] = nil
            screenBackdrops[key] = nil
        }
        overlays.retainOnly(keep)
    }

    /// Forgets the images and the frame texture (also after the renderer lost its textures).
    public func removeAll() {
        images.removeAll()
        sizes.removeAll()
        backdrops.removeAll()
        screenBackdrops.removeAll()
        overlays.removeAll()
        motion.reset()
        if let frame { SDL_DestroyTexture(frame) }
        frame = nil
    }

    public var loadedKeys: Set<String> { Set(images.keys) }

    public func draw(_ scene: Scene, key: (Int) -> String?) {
        var w: Int32 = 0
        var h: Int32 = 0
        // A failure leaves the size 0 × 0, and then nothing is drawn.
        SDL_GetRendererOutputSize(renderer, &w, &h)
        guard w > 0, h > 0 else { return }
        // The pictures: every image and fill before the first text or shape.
        let pictures = scene.ops.prefix { op in
            switch op {
            case .image, .fill, .backdrop: return true
            default: return false
            }
        }
        let ops = Array(pictures)
        let nearest = motion.nearestOps(ops, key: key)
        lastFrameApproximate = !nearest.isEmpty
        let worker = worker
        // Each backdrop drawn is scaled up to the output once, here, and then only copied.
        var frameBackdrops: [Int: PixelBuffer] = [:]
        for case .backdrop(let slide, _, _, _) in ops where frameBackdrops[slide] == nil {
            if let name = key(slide), let made = screenBackdrop(name, width: Int(w), height: Int(h)) {
                frameBackdrops[slide] = made
            }
        }
        func compose(_ pixels: UnsafeMutablePointer<UInt32>, _ pitch: Int) {
            SceneCompositor(width: Int(w), height: Int(h), worker: worker).draw(
                Scene(size: scene.size, background: scene.background, ops: ops), into: pixels, pitch: pitch,
                nearest: nearest
            ) { slide in
                key(slide).flatMap { self.images[$0] }
            } backdrop: { slide in
                frameBackdrops[slide]
            }
        }
        lastFrameDirect = composeInTarget(width: Int(w), height: Int(h), compose(_:_:))
        if !lastFrameDirect {
            guard let texture = frameTexture(width: Int(w), height: Int(h)) else { return }
            var raw: UnsafeMutableRawPointer?
            var pitch: Int32 = 0
            guard SDL_LockTexture(texture, nil, &raw, &pitch) == 0, let raw else { return }
            compose(raw.assumingMemoryBound(to: UInt32.self), Int(pitch) / 4)
            SDL_UnlockTexture(texture)
            // As in `SceneRenderer.draw`: a failed copy costs this frame, drawn again at the next.
            SDL_RenderCopy(renderer, texture, nil, nil)
        }
        let rest = scene.ops[pictures.endIndex...]
        guard !rest.isEmpty else { return }
        for case .image(let slide, _, _) in rest {
            if let name = key(slide), !overlays.hasImage(name), let pixels = images[name] {
                overlays.setImage(pixels, sourceSize: sizes[name] ?? pixels.size, for: name)
            }
        }
        overlays.draw(rest, key: key)
    }

    /// Composes the frame with `compose` straight into the renderer's surface
    /// when the renderer draws there pixel for pixel (no render target, the
    /// surface as large as the output, 4-byte (A)RGB pixels, as the compositor
    /// writes them). False, having drawn nothing, otherwise.
    private func composeInTarget(
        width: Int, height: Int, _ compose: (UnsafeMutablePointer<UInt32>, Int) -> Void
    ) -> Bool {
        guard SDL_GetRenderTarget(renderer) == nil, let surface = target(), let format = surface.pointee.format,
            Self.directFormats.contains(format.pointee.format), Int(surface.pointee.w) == width,
            Int(surface.pointee.h) == height
        else { return false }
        // Whatever the renderer has queued lands first; the compositor then overwrites the whole frame.
        SDL_RenderFlush(renderer)
        guard SDL_LockSurface(surface) == 0 else { return false }
        defer { SDL_UnlockSurface(surface) }
        guard let raw = surface.pointee.pixels else { return false }
        compose(raw.assumingMemoryBound(to: UInt32.self), Int(surface.pointee.pitch) / 4)
        return true
    }

    /// Surface formats the compositor's ARGB8888 pixels go into unchanged (in RGB888 the top byte is unused).
    private static let directFormats: Set<UInt32> = [
        SDL_PIXELFORMAT_ARGB8888.rawValue, SDL_PIXELFORMAT_RGB888.rawValue,
    ]

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
