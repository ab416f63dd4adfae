import CSDL2
import CSDL2Image
import VitrineCore

/// Each library's own decode of a whole file at full size and nothing else: the
/// benchmark's floors (libpng's is the benchmark's own), beside which Vitrine's decode (which also downscales,
/// flattens and turns) is measured.
public enum PlainDecode {
    /// The libraries measured.
    public enum Library: String, CaseIterable, Sendable {
        case spng
        case libwebp
        case sdlImage = "sdl-image"

        public var label: String {
            switch self {
            case .spng: return "libspng"
            case .libwebp: return "libwebp"
            case .sdlImage: return "IMG_Load"
            }
        }
    }

    /// Decodes the file at `path` with `library`; returns the decoded width and height.
    public static func decode(_ path: String, with library: Library) throws(DecodeError) -> (width: Int, height: Int) {
        if library == .sdlImage {
            guard let surface = FileName.withSystemPath(path, { IMG_Load($0) }) else {
                throw DecodeError(path: path, reason: "IMG_Load failed: \(SDLError.message())")
            }
            defer { SDL_FreeSurface(surface) }
            return (Int(surface.pointee.w), Int(surface.pointee.h))
        }
        let bytes = try ImageFile.read(path, maxBytes: 1 << 30)
        let result = bytes.withUnsafeBufferPointer { data in
            Result { () throws(DecodeError) -> (width: Int, height: Int) in try decode(data, library, path) }
        }
        return try result.get()
    }

    private static func decode(
        _ data: UnsafeBufferPointer<UInt8>, _ library: Library, _ path: String
    ) throws(DecodeError) -> (width: Int, height: Int) {
        switch library {
        case .spng:
            guard let png = SpngContext(data, limits: DecodeLimits(maxPixels: 1 << 30)) else {
                throw DecodeError(path: path, reason: "cannot start libspng")
            }
            let header = try png.header(path: path)
            _ = try png.decodeWhole(width: header.width, height: header.height, path: path)
            return (header.width, header.height)
        case .libwebp, .sdlImage:
            guard let webp = WebPDecoderHandle(path: path) else {
                throw DecodeError(path: path, reason: "cannot start libwebp")
            }
            let features = try webp.features(data)
            let w = features.width
            let h = features.height
            var pixels = [UInt32](repeating: 0, count: w * h)
            try pixels.withUnsafeMutableBufferPointer { (buffer) throws(DecodeError) in
                try webp.decode(data, width: w, height: h, scaled: false, into: buffer)
            }
            return (w, h)
        }
    }
}
