import CSDL2
import CSDL2Image
import VitrineCore

/// Decodes any format SDL2_image knows with `IMG_Load` on the path, then
/// flattens transparency onto the background and downscales to the output
/// size with an area filter. No limits, no orientation: Vitrine shows images
/// through `MediaDecoder` (in process) or `IsolatedDecoder`; this one serves as
/// a reference.
public struct SDLImageDecoder: ImageDecoding {
    public init() {}

    public func decode(_ request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        let full = try load(request.path)
        return DecodedImage.sized(full, for: request)
    }

    /// The whole image at its own size, as ARGB8888.
    public func load(_ path: String) throws(DecodeError) -> PixelBuffer {
        guard let loaded = FileName.withSystemPath(path, { IMG_Load($0) }) else {
            throw DecodeError(path: path, reason: "cannot decode: \(SDLError.message())")
        }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw DecodeError(path: path, reason: "cannot convert pixels: \(SDLError.message())")
        }
        defer { SDL_FreeSurface(surface) }
        return PixelBuffer(copying: surface)
    }
}

extension DecodedImage {
    /// `full` (upright, at source size) downscaled and flattened for `request`.
    public static func sized(_ full: PixelBuffer, for request: DecodeRequest) -> DecodedImage {
        let target = request.fit.decodeSize(
            for: full.size, output: request.output, maxSide: Double(request.maxSide))
        // Flatten first: averaging colours of transparent pixels would fringe the edges.
        var flat = full
        let bg = request.background
        Resize.flatten(&flat, onto: (bg.r, bg.g, bg.b))
        let pixels = Resize.area(flat, width: Int(target.width), height: Int(target.height))
        return DecodedImage(pixels: pixels, sourceSize: full.size)
    }
}

extension PixelBuffer {
    /// Copies an ARGB8888 surface.
    public init(copying surface: UnsafeMutablePointer<SDL_Surface>) {
        let w = Int(surface.pointee.w)
        let h = Int(surface.pointee.h)
        let pitch = Int(surface.pointee.pitch)
        var out = [UInt32](repeating: 0, count: w * h)
        // A surface that cannot be locked (an RLE one out of memory) is copied as black.
        guard SDL_LockSurface(surface) == 0 else {
            self.init(width: w, height: h, pixels: out)
            return
        }
        if let base = surface.pointee.pixels {
            out.withUnsafeMutableBytes { dst in
                for y in 0..<h {
                    guard let target = dst.baseAddress else { break }
                    (target + y * w * 4).copyMemory(from: base + y * pitch, byteCount: w * 4)
                }
            }
        }
        SDL_UnlockSurface(surface)
        self.init(width: w, height: h, pixels: out)
    }
}

/// SDL's last error as a Swift string.
public enum SDLError {
    public static func message() -> String {
        guard let text = SDL_GetError() else { return "unknown SDL error" }
        let message = String(cString: text)
        return message.isEmpty ? "unknown SDL error" : message
    }
}
