import CSDL2
import CSDL2Image
import VitrineCore

/// The common way to show a photo with SDL, kept as the benchmark's baseline:
/// `IMG_Load` the whole file at full size, convert to ARGB8888, then
/// `SDL_SoftStretchLinear` to the fitted size. No limits, no orientation.
public struct BaselineDecoder: ImageDecoding {
    public init() {}

    public func decode(_ request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        let path = request.path
        guard let loaded = FileName.withSystemPath(path, { IMG_Load($0) }) else {
            throw DecodeError(path: path, reason: "IMG_Load failed: \(SDLError.message())")
        }
        let full = SDLSurface(loaded)
        guard let argb = full.converted(to: SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw DecodeError(path: path, reason: "cannot convert the pixels: \(SDLError.message())")
        }
        let source = Size(width: Double(argb.width), height: Double(argb.height))
        let target = request.fit.decodeSize(for: source, output: request.output, maxSide: Double(request.maxSide))
        let w = Int(target.width)
        let h = Int(target.height)
        guard
            let scaled = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { throw DecodeError(path: path, reason: "cannot create a surface: \(SDLError.message())") }
        let output = SDLSurface(scaled)
        guard SDL_SoftStretchLinear(argb.surface, nil, output.surface, nil) == 0 else {
            throw DecodeError(path: path, reason: "SDL_SoftStretchLinear failed: \(SDLError.message())")
        }
        return DecodedImage(pixels: PixelBuffer(copying: output.surface), sourceSize: source)
    }
}
