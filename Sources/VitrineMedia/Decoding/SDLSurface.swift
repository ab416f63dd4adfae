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

    /// Converts `rows` to ARGB8888 into `pixels` (`width` words a row, packed): a
    /// transparent colour key becomes alpha 0, as in a whole-surface conversion.
    func copyARGB(rows: Range<Int>, into pixels: UnsafeMutableBufferPointer<UInt32>) -> Bool {
        precondition(pixels.count >= rows.count * width, "the buffer must hold the rows")
        guard
            let target = SDL_CreateRGBSurfaceWithFormatFrom(
                pixels.baseAddress, Int32(width), Int32(rows.count), 32, Int32(width * 4),
                SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { return false }
        defer { SDL_FreeSurface(target) }
        // Copy, not blend; keyed pixels are skipped by the blit, so they stay transparent black.
        guard SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE) == 0, SDL_FillRect(target, nil, 0) == 0 else {
            return false
        }
        var from = SDL_Rect(x: 0, y: Int32(rows.lowerBound), w: Int32(width), h: Int32(rows.count))
        var to = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(rows.count))
        return SDL_UpperBlit(surface, &from, target, &to) == 0
    }
}
