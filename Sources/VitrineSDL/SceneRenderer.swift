import CSDL2
import VitrineCore
import VitrineMedia

/// Draws `Scene`s with an SDL renderer and keeps the slides' textures.
/// Only the render thread may use it.
public final class SceneRenderer {
    let renderer: OpaquePointer
    private var textures: [String: Texture] = [:]
    private var sizes: [String: Size] = [:]
    /// The slides' backdrops, small (the GPU scales them up as it draws).
    private var backdrops: [String: Texture] = [:]

    /// Wraps an SDL renderer the caller owns and keeps alive.
    public init(renderer: OpaquePointer, fontPath: String? = nil) {
        self.renderer = renderer
        self.fontPath = fontPath
    }

    private let fontPath: String?
    /// Made on the first text to draw: a show without overlays loads no font.
    private var text: TextRenderer?

    /// How many text lines were rasterized so far; a repeated frame adds none.
    public var textLinesRasterized: Int { text?.rasterized ?? 0 }

    /// Uploads the image of source `key`; `sourceSize` is its upright size before downscaling.
    /// Returns false when the renderer could not create the texture.
    @discardableResult
    public func setImage(_ pixels: PixelBuffer, sourceSize: Size, for key: String) -> Bool {
        guard let texture = Texture.upload(pixels, to: renderer) else { return false }
        textures[key] = texture
        sizes[key] = sourceSize
        return true
    }

    /// Uploads the backdrop of source `key`; drawn with linear filtering, scaled up.
    public func setBackdrop(_ pixels: PixelBuffer, for key: String) {
        backdrops[key] = Texture.upload(pixels, to: renderer)
    }

    /// Keeps `texture` (a clip's, rendered on the GPU) as the image of source `key`.
    func setTexture(_ texture: Texture, sourceSize: Size, for key: String) {
        textures[key] = texture
        sizes[key] = sourceSize
    }

    public func hasImage(_ key: String) -> Bool { textures[key] != nil }

    /// The upright source size of an image, if it is loaded.
    public func imageSize(_ key: String) -> Size? { sizes[key] }

    /// Drops every texture whose key is not in `keep`.
    public func retainOnly(_ keep: Set<String>) {
        for key in textures.keys where !keep.contains(key) {
            textures[key] = nil
            sizes[key] = nil
        }
        for key in backdrops.keys where !keep.contains(key) { backdrops[key] = nil }
    }

    public func removeAll() {
        textures.removeAll()
        backdrops.removeAll()
        sizes.removeAll()
        text = nil
    }

    public var loadedKeys: Set<String> { Set(textures.keys) }

    /// Draws `scene` into the renderer's current target (not presented);
    /// `key` names the image of a slide index.
    public func draw(_ scene: Scene, key: (Int) -> String?) {
        let bg = scene.background
        // Here and in the operations below, SDL's draw calls fail only for a renderer or texture
        // that is not valid (these are alive) or a driver out of memory: such a failure costs one
        // frame, which the next draws again whole, so their results are not checked.
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, bg.r, bg.g, bg.b, 255)
        SDL_RenderClear(renderer)
        draw(scene.ops[...], key: key)
    }

    /// Draws `ops` over what the target holds (no clearing first).
    public func draw(_ ops: ArraySlice<DrawOp>, key: (Int) -> String?) {
        for op in ops {
            switch op {
            case .image(let slide, let rect, let alpha):
                guard alpha > 0, let name = key(slide), let texture = textures[name] else { continue }
                SDL_SetTextureAlphaMod(texture.handle, Self.byte(alpha))
                var dst = SDL_FRect(x: Float(rect.x), y: Float(rect.y), w: Float(rect.width), h: Float(rect.height))
                SDL_RenderCopyF(renderer, texture.handle, nil, &dst)
            case .backdrop(let slide, let rect, let clip, let alpha):
                guard alpha > 0, rect.width > 0, rect.height > 0, let name = key(slide),
                    let texture = backdrops[name]
                else { continue }
                SDL_SetTextureAlphaMod(texture.handle, Self.byte(alpha))
                // The clip's part of the backdrop, in the texture's pixels.
                let sx = Double(texture.width) / rect.width
                let sy = Double(texture.height) / rect.height
                var src = SDL_Rect(
                    x: Int32(((clip.x - rect.x) * sx).rounded(.down)),
                    y: Int32(((clip.y - rect.y) * sy).rounded(.down)),
                    w: Int32(max(1, (clip.width * sx).rounded(.up))), h: Int32(max(1, (clip.height * sy).rounded(.up))))
                var dst = SDL_FRect(x: Float(clip.x), y: Float(clip.y), w: Float(clip.width), h: Float(clip.height))
                SDL_RenderCopyF(renderer, texture.handle, &src, &dst)
            case .fill(let rect, let color, let alpha):
                guard alpha > 0 else { continue }
                SDL_SetRenderDrawBlendMode(renderer, alpha >= 1 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
                SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, Self.byte(alpha))
                var dst = SDL_FRect(x: Float(rect.x), y: Float(rect.y), w: Float(rect.width), h: Float(rect.height))
                SDL_RenderFillRectF(renderer, &dst)
            case .text(let block, let box, let alpha):
                if text == nil { text = TextRenderer(renderer: renderer, fontPath: fontPath) }
                text?.draw(block, box: box, alpha: alpha)
            case .disc(let center, let radius, let color, let alpha):
                ShapeRenderer.disc(renderer, center: center, radius: radius, color: color, alpha: alpha)
            case .arc(let center, let radius, let thickness, let start, let sweep, let color, let alpha):
                ShapeRenderer.arc(
                    renderer, center: center, radius: radius, thickness: thickness, start: start, sweep: sweep,
                    color: color, alpha: alpha)
            }
        }
    }

    static func byte(_ alpha: Double) -> UInt8 {
        UInt8(max(0, min(255, (alpha * 255).rounded())))
    }
}
