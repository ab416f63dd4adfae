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
/// `MotionSampling`); still ones bilinearly. In a transition, a photo standing
/// still but not at its decoded size (smaller than the screen) is stretched once
/// into a layer where it stands, so each frame of a fade copies and blends two
/// prepared layers instead of scaling both photos again; layers the last frame
/// did not draw are let go. Only the render thread may use it.
public final class SoftwareSceneRenderer: SceneDrawing {
    let renderer: OpaquePointer
    private var images: [String: PixelBuffer] = [:]
    private var sizes: [String: Size] = [:]
    /// The slides' backdrops as decoded (small), and scaled up to the output once each
    /// (`screenBackdrops`), so a frame copies the bars' pixels rather than stretching them.
    private var backdrops: [String: PixelBuffer] = [:]
    private var screenBackdrops: [String: PixelBuffer] = [:]
    /// A slide's photo with its backdrop's bars around it, made once for where the photo stands
    /// (whole pixels, at rest): a frame then copies or blends one full-screen layer a slide,
    /// not the bars and the photo apart.
    private var layers: [String: Layer] = [:]

    /// Runs of photos and fills that tile the screen together at one alpha (a pair fading in
    /// with the background around it), as one layer each, by what they draw; only those the
    /// last frame drew are kept.
    private var tiledLayers: [String: PixelBuffer] = [:]

    private struct Layer {
        var rect: Rect
        var pixels: PixelBuffer
    }

    /// Photos stretched to where they stand, once, while a transition draws them there frame
    /// after frame (a photo smaller than the screen fading): each frame then copies or blends
    /// them, with no scaling. By key, with the rectangle they were made for and where their
    /// pixels go; only those the last frame drew are kept, and none at rest.
    private var scaledLayers: [String: (rect: Rect, layer: (rect: Rect, pixels: PixelBuffer))] = [:]
    /// Where the last frame drew each image, by key.
    private var lastRects: [String: Rect] = [:]
    private var frame: OpaquePointer?
    private var frameWidth = 0
    private var frameHeight = 0
    /// Text and shapes (and, should one follow them, an image: uploaded then).
    private let overlays: SceneRenderer
    /// Which images moved fast since the previous frame.
    private var motion = MotionSampling()
    /// Whether the last frame sampled moving images at the nearest pixel.
    public private(set) var lastFrameApproximate = false
    /// How many slides the last frame drew as one layer of photo and bars (see `layering`).
    public private(set) var lastFrameLayers = 0
    /// How many photos the last frame drew from their stretched layer (see `scaledLayers`).
    public private(set) var lastFrameScaledLayers = 0
    /// How many images were stretched in drawing the last frame: by the compositor while
    /// composing it, and into layers made for it (photo and bars, or a photo alone).
    public private(set) var lastFrameScalings = 0
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
        layers[key] = nil
        scaledLayers[key] = nil
        tiledLayers.removeAll()
        return true
    }

    public func setBackdrop(_ pixels: PixelBuffer, for key: String) {
        guard pixels.width > 0, pixels.height > 0 else { return }
        backdrops[key] = pixels
        screenBackdrops[key] = nil
        layers[key] = nil
    }

    /// Slide `key`'s backdrop at `width` × `height`, scaled up (bilinearly) the first time it is asked for.
    private func screenBackdrop(_ key: String, width: Int, height: Int) -> PixelBuffer? {
        if let made = screenBackdrops[key], made.width == width, made.height == height { return made }
        guard let small = backdrops[key] else { return nil }
        let screen = Rect(size: Size(width: Double(width), height: Double(height)))
        let made = SceneCompositor(width: width, height: height, worker: worker).render(
            Scene(size: screen.size, background: .black, ops: [.image(slide: 0, rect: screen, alpha: 1)])
        ) { _ in small }
        lastFrameScalings += 1
        screenBackdrops[key] = made
        return made
    }

    public func hasImage(_ key: String) -> Bool { images[key] != nil }

    public func imageSize(_ key: String) -> Size? { sizes[key] }

    public func retainOnly(_ keep: Set<String>) {
        for key in images.keys where !keep.contains(key) {
            images[key] = nil
            sizes[key] = nil
            layers[key] = nil
            scaledLayers[key] = nil
        }
        tiledLayers.removeAll()
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
        layers.removeAll()
        scaledLayers.removeAll()
        lastRects.removeAll()
        tiledLayers.removeAll()
        overlays.removeAll()
        motion.reset()
        if let frame { SDL_DestroyTexture(frame) }
        frame = nil
    }

    public var loadedKeys: Set<String> { Set(images.keys) }

    public func draw(_ scene: Scene, key: (Int) -> String?) {
        lastFrameScalings = 0
        lastFrameScaledLayers = 0
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
        let drawn = Array(pictures)
        let sampled = motion.nearestOps(drawn, key: key)
        lastFrameApproximate = !sampled.isEmpty
        let worker = worker
        // Each backdrop drawn is scaled up to the output once, here, and then only copied.
        var frameBackdrops: [Int: PixelBuffer] = [:]
        for case .backdrop(let slide, _, _, _) in drawn where frameBackdrops[slide] == nil {
            if let name = key(slide), let made = screenBackdrop(name, width: Int(w), height: Int(h)) {
                frameBackdrops[slide] = made
            }
        }
        // A photo at rest with its bars: one layer (slide −1 − i is `layered[i]`).
        let (ops, nearest, layered) = layering(
            drawn, nearest: sampled, key: key, backdrops: frameBackdrops, width: Int(w), height: Int(h))
        lastFrameLayers = layered.count - lastFrameScaledLayers
        var stretched = 0
        func compose(_ pixels: UnsafeMutablePointer<UInt32>, _ pitch: Int) {
            stretched = SceneCompositor(width: Int(w), height: Int(h), worker: worker).draw(
                Scene(size: scene.size, background: scene.background, ops: ops), into: pixels, pitch: pitch,
                nearest: nearest
            ) { slide in
                slide < 0 ? layered[-1 - slide] : key(slide).flatMap { self.images[$0] }
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
        lastFrameScalings += stretched
        let rest = scene.ops[pictures.endIndex...]
        guard !rest.isEmpty else { return }
        for case .image(let slide, _, _) in rest {
            if let name = key(slide), !overlays.hasImage(name), let pixels = images[name] {
                overlays.setImage(pixels, sourceSize: sizes[name] ?? pixels.size, for: name)
            }
        }
        overlays.draw(rest, key: key)
    }

    /// `ops` with each run of a slide's backdrop bars (over the whole screen) followed by its
    /// photo, at the same alpha, where the photo stands on whole pixels at its decoded size and
    /// neither overlaps the other, replaced by one full-screen image of both (made once, kept
    /// while the photo stays there). Each pixel is then drawn from the same source at the same
    /// alpha as before, so the frame is the same. Returns the ops, `nearest` renumbered, and
    /// the layers the new ops name (slide −1 − i).
    private func layering(
        _ ops: [DrawOp], nearest: Set<Int>, key: (Int) -> String?, backdrops: [Int: PixelBuffer], width: Int,
        height: Int
    ) -> ([DrawOp], Set<Int>, [PixelBuffer]) {
        let screen = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        var out: [DrawOp] = []
        var renumbered: Set<Int> = []
        var layered: [PixelBuffer] = []
        var used: [String: PixelBuffer] = [:]
        var usedLayers: [String: Layer] = [:]
        var usedScaled: [String: (rect: Rect, layer: (rect: Rect, pixels: PixelBuffer))] = [:]
        var rects: [String: Rect] = [:]
        // Layers no longer drawn are let go: only those of this frame are kept, and the memory of
        // those let go is given back (a layer is a few megabytes, which the heap would keep).
        defer {
            let letGo =
                tiledLayers.keys.contains { used[$0] == nil } || layers.keys.contains { usedLayers[$0] == nil }
                || scaledLayers.keys.contains { usedScaled[$0] == nil }
            tiledLayers = used
            layers = usedLayers
            scaledLayers = usedScaled
            lastRects = rects
            if letGo { SceneCompositor.giveBackFreedMemory() }
        }
        // Photos are stretched into layers only in a transition (something blended): at rest a
        // frame is drawn once, and its layer would only hold memory.
        let blending = ops.contains { op in
            switch op {
            case .image(_, _, let alpha), .fill(_, _, let alpha), .backdrop(_, _, _, let alpha): return alpha < 1
            default: return false
            }
        }
        for case .image(let slide, let rect, _) in ops {
            if let name = key(slide), rects[name] == nil { rects[name] = rect }
        }
        var i = 0
        while i < ops.count {
            if let run = tiledRun(ops, from: i, key: key, screen: screen, used: &used) {
                layered.append(run.layer)
                out.append(.image(slide: -layered.count, rect: screen, alpha: run.alpha))
                i = run.end
                continue
            }
            if let run = layerRun(
                ops, from: i, key: key, backdrops: backdrops, screen: screen, stretching: blending, used: &usedLayers)
            {
                layered.append(run.layer)
                out.append(.image(slide: -layered.count, rect: screen, alpha: run.alpha))
                i = run.end
                continue
            }
            if blending, !nearest.contains(i), case .image(let slide, let rect, let alpha) = ops[i],
                let name = key(slide),
                let layer = scaledLayer(name, at: rect, width: width, height: height, used: &usedScaled)
            {
                layered.append(layer.pixels)
                lastFrameScaledLayers += 1
                out.append(.image(slide: -layered.count, rect: layer.rect, alpha: alpha))
                i += 1
                continue
            }
            if nearest.contains(i) { renumbered.insert(out.count) }
            out.append(ops[i])
            i += 1
        }
        return (out, renumbered, layered)
    }

    /// The layer for the run of photos (at their decoded size) and fills starting at `i`, all at
    /// one alpha below 1 and on whole pixels, that do not overlap and together cover the screen
    /// (a pair fading in: the background beside and between its photos, and the photos), with
    /// the index after the run and its alpha; nil when there is none. Each pixel of the layer is
    /// the one op's over it, so blending the layer draws what the ops drew.
    private func tiledRun(
        _ ops: [DrawOp], from i: Int, key: (Int) -> String?, screen: Rect, used: inout [String: PixelBuffer]
    ) -> (end: Int, layer: PixelBuffer, alpha: Double)? {
        var rects: [Rect] = []
        var names: [String] = []
        var photos: [PixelBuffer] = []
        var whole: [DrawOp] = []
        var alpha = -1.0
        var j = i
        while j < ops.count {
            var piece: (rect: Rect, alpha: Double, name: String, op: DrawOp, photo: PixelBuffer?)?
            switch ops[j] {
            case .image(let slide, let rect, let a):
                if let name = key(slide), let photo = images[name], rect.width == Double(photo.width),
                    rect.height == Double(photo.height)
                {
                    piece = (rect, a, name, .image(slide: photos.count, rect: rect, alpha: 1), photo)
                }
            case .fill(let rect, let color, let a):
                piece = (
                    rect, a, "#\(color.r),\(color.g),\(color.b)", .fill(rect: rect, color: color, alpha: 1), nil
                )
            default:
                break
            }
            guard let piece, piece.alpha > 0, piece.alpha < 1, alpha < 0 || piece.alpha == alpha,
                piece.rect.width >= 1, piece.rect.height >= 1,
                [piece.rect.x, piece.rect.y, piece.rect.width, piece.rect.height].allSatisfy({ $0 == $0.rounded() }),
                !rects.contains(where: { $0.intersection(piece.rect) != nil })
            else { break }
            whole.append(piece.op)
            if let photo = piece.photo { photos.append(photo) }
            alpha = piece.alpha
            rects.append(piece.rect)
            names.append("\(piece.name)@\(piece.rect.x),\(piece.rect.y),\(piece.rect.width),\(piece.rect.height)")
            j += 1
        }
        // At least a photo, and the pieces (which do not overlap) cover the whole screen.
        let covered = rects.reduce(0.0) { sum, rect in
            sum + (rect.intersection(screen).map { $0.width * $0.height } ?? 0)
        }
        guard rects.count >= 2, !photos.isEmpty, covered == screen.width * screen.height else { return nil }
        let name = names.joined(separator: "|")
        if let made = used[name] ?? tiledLayers[name] {
            used[name] = made
            return (j, made, alpha)
        }
        let made = SceneCompositor(width: Int(screen.width), height: Int(screen.height), worker: worker).render(
            Scene(size: screen.size, background: .black, ops: whole)
        ) { photos.indices.contains($0) ? photos[$0] : nil }
        used[name] = made
        return (j, made, alpha)
    }

    /// Photo `name` stretched to `rect`, from the layer made for it there (kept in `used`), or
    /// made now when the last frame drew it at the same place too (it stands still: a photo
    /// moving would need a new layer every frame). Nil when the photo is drawn at its size,
    /// or is moving.
    private func scaledLayer(
        _ name: String, at rect: Rect, width: Int, height: Int,
        used: inout [String: (rect: Rect, layer: (rect: Rect, pixels: PixelBuffer))]
    ) -> (rect: Rect, pixels: PixelBuffer)? {
        if let made = used[name] ?? scaledLayers[name], made.rect == rect {
            used[name] = made
            return made.layer
        }
        guard lastRects[name] == rect, let photo = images[name],
            let layer = SceneCompositor(width: width, height: height, worker: worker).scaledLayer(photo, in: rect)
        else { return nil }
        lastFrameScalings += 1
        used[name] = (rect, layer)
        return layer
    }

    /// The layer for the run of a slide's backdrop ops starting at `i` and its photo right after
    /// them, with the index after the run and their alpha; nil when the run cannot be one layer.
    /// With `stretching` (in a transition) the photo may also be stretched, on whole pixels
    /// (each pixel of the layer is still drawn by one op alone), when the last frame drew it
    /// at the same place.
    private func layerRun(
        _ ops: [DrawOp], from i: Int, key: (Int) -> String?, backdrops: [Int: PixelBuffer], screen: Rect,
        stretching: Bool, used: inout [String: Layer]
    ) -> (end: Int, layer: PixelBuffer, alpha: Double)? {
        guard case .backdrop(let slide, let area, _, let alpha) = ops[i], area == screen,
            let name = key(slide), let photo = images[name], let backdrop = backdrops[slide]
        else { return nil }
        var clips: [Rect] = []
        var j = i
        while j < ops.count, case .backdrop(slide, area, let clip, alpha) = ops[j] {
            clips.append(clip)
            j += 1
        }
        guard j < ops.count, case .image(slide, let rect, alpha) = ops[j],
            [rect.x, rect.y, rect.width, rect.height].allSatisfy({ $0 == $0.rounded() }),
            rect.size == photo.size || (stretching && lastRects[name] == rect),
            clips.allSatisfy({ $0.intersection(rect) == nil })
        else { return nil }
        if let made = used[name] ?? layers[name], made.rect == rect, made.pixels.width == Int(screen.width),
            made.pixels.height == Int(screen.height)
        {
            used[name] = made
            return (j + 1, made.pixels, alpha)
        }
        let whole = Array(ops[i...j]).map { op -> DrawOp in
            switch op {
            case .backdrop(_, let area, let clip, _): return .backdrop(slide: 0, rect: area, clip: clip, alpha: 1)
            case .image(_, let rect, _): return .image(slide: 0, rect: rect, alpha: 1)
            default: return op
            }
        }
        let (width, height) = (Int(screen.width), Int(screen.height))
        var made = [UInt32](repeating: 0, count: width * height)
        lastFrameScalings += made.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            return SceneCompositor(width: width, height: height, worker: worker).draw(
                Scene(size: screen.size, background: .black, ops: whole), into: base, pitch: width
            ) { _ in
                photo
            } backdrop: { _ in
                backdrop
            }
        }
        let pixels = PixelBuffer(width: width, height: height, pixels: made)
        used[name] = Layer(rect: rect, pixels: pixels)
        return (j + 1, pixels, alpha)
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
