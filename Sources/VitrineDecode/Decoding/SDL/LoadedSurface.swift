import CSDLImageLoader

/// A surface SDL2_image made, freed with its owner.
final class LoadedSurface {
    let pointer: UnsafeMutableRawPointer

    init(_ pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
    }

    deinit {
        vitrine_sdl_free(pointer)
    }

    var width: Int { Int(vitrine_sdl_width(pointer)) }
    var height: Int { Int(vitrine_sdl_height(pointer)) }
}
