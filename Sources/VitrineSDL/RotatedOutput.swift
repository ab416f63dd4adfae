import CSDL2
import VitrineCore
import VitrineMedia

/// Draws scenes laid out for the logical (turned) size onto a renderer whose
/// output is the panel: the scene goes into a target texture of the logical
/// size, which is then copied onto the panel turned by the rotation. Works
/// with SDL's software renderer as with the hardware ones, on KMS/DRM where
/// the system cannot rotate, and for snapshots.
final class RotatedOutput {
    private let renderer: OpaquePointer
    private var target: Texture?

    init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    /// Draws `scene` (laid out for `rotation.logicalSize(for: panel)`) onto the
    /// renderer's output of size `panel`. Not presented.
    /// Returns false when the target texture could not be made or drawn into (nothing drawn).
    @discardableResult
    func draw(
        _ scene: Scene, rotation: ScreenRotation, panel: Size, with sceneRenderer: any SceneDrawing,
        key: (Int) -> String?
    ) -> Bool {
        guard rotation != .none else {
            sceneRenderer.draw(scene, key: key)
            return true
        }
        let logical = rotation.logicalSize(for: panel)
        let width = Int(logical.width)
        let height = Int(logical.height)
        if target.map({ $0.width != width || $0.height != height }) ?? true {
            target = nil
            guard
                let handle = SDL_CreateTexture(
                    renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                    Int32(width), Int32(height))
            else { return false }
            // Copied as is: the frame is opaque and must not blend with what was there. Refused
            // only for a mode the renderer lacks, and every renderer has this one.
            SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_NONE)
            target = Texture(handle: handle, width: width, height: height)
        }
        guard let target, SDL_SetRenderTarget(renderer, target.handle) == 0 else { return false }
        sceneRenderer.draw(scene, key: key)
        guard SDL_SetRenderTarget(renderer, nil) == 0 else { return false }
        // The draw calls below fail only for a renderer or texture that is not valid, and these
        // are alive: a failure would cost this one frame, drawn again at the next.
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, scene.background.r, scene.background.g, scene.background.b, 255)
        SDL_RenderClear(renderer)
        // The logical rectangle centred on the panel, turned about its centre, covers the panel.
        var dst = SDL_Rect(
            x: Int32((Int(panel.width) - width) / 2), y: Int32((Int(panel.height) - height) / 2),
            w: Int32(width), h: Int32(height))
        SDL_RenderCopyEx(renderer, target.handle, nil, &dst, Double(rotation.degrees), nil, SDL_FLIP_NONE)
        return true
    }

    /// Forgets the target texture (after the renderer lost its textures).
    func reset() {
        target = nil
    }
}
