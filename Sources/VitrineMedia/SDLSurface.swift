import CSDL2

/// An SDL surface freed with its owner.
final class SDLSurface {
    let surface: UnsafeMutablePointer<SDL_Surface>

    init(_ surface: UnsafeMutablePointer<SDL_Surface>) {
        self.surface = surface
    }

    deinit {
        SDL_FreeSurface(surface)
    }

    var width: Int { Int(surface.pointee.w) }
    var height: Int { Int(surface.pointee.h) }

    /// A copy in `format`, or self when it already is.
    func converted(to format: UInt32) -> SDLSurface? {
        if surface.pointee.format.pointee.format == format { return self }
        return SDL_ConvertSurfaceFormat(surface, format, 0).map(SDLSurface.init)
    }

    /// Calls `body` with each row of a 32-bit surface, top to bottom.
    func withRows(_ body: (UnsafeMutableBufferPointer<UInt32>) -> Void) {
        SDL_LockSurface(surface)
        defer { SDL_UnlockSurface(surface) }
        guard let base = surface.pointee.pixels else { return }
        let pitch = Int(surface.pointee.pitch)
        for y in 0..<height {
            let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
            body(UnsafeMutableBufferPointer(start: row, count: width))
        }
    }
}
