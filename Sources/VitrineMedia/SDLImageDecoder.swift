import CSDL2
import CSDL2Image
import VitrineCore

/// Decodes any format SDL2_image knows, then downscales to the output size
/// with an area filter and flattens transparency onto the background.
public struct SDLImageDecoder: ImageDecoding {
    public init() {}

    public func decode(_ request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        let full = try load(request.path)
        return DecodedImage.sized(full, for: request)
    }

    /// The whole image at its own size, as ARGB8888.
    public func load(_ path: String) throws(DecodeError) -> PixelBuffer {
        guard let loaded = IMG_Load(path) else {
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
        var pixels = Resize.area(full, width: Int(target.width), height: Int(target.height))
        let bg = request.background
        Resize.flatten(&pixels, onto: (bg.r, bg.g, bg.b))
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
        SDL_LockSurface(surface)
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
