import CSDL2
import VitrineMedia

/// An SDL texture that is destroyed with its owner.
final class Texture {
    let handle: OpaquePointer
    let width: Int
    let height: Int

    init(handle: OpaquePointer, width: Int, height: Int) {
        self.handle = handle
        self.width = width
        self.height = height
    }

    /// Uploads `pixels` as a static ARGB8888 texture; nil when the renderer refuses.
    static func upload(_ pixels: PixelBuffer, to renderer: OpaquePointer) -> Texture? {
        guard pixels.width > 0, pixels.height > 0,
            let handle = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                Int32(pixels.width), Int32(pixels.height))
        else { return nil }
        let ok = pixels.pixels.withUnsafeBytes { raw in
            SDL_UpdateTexture(handle, nil, raw.baseAddress, Int32(pixels.width * 4)) == 0
        }
        guard ok else {
            SDL_DestroyTexture(handle)
            return nil
        }
        // Modes every renderer has: refused only for a texture that is not valid, and this one was just made.
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear)
        return Texture(handle: handle, width: pixels.width, height: pixels.height)
    }

    deinit {
        SDL_DestroyTexture(handle)
    }
}
