import CSDLImageLoader

/// Decodes the formats without a dedicated decoder (GIF's first frame, BMP, TIFF, …) with
/// SDL2_image from bytes already in memory, then applies the same flatten, area downscale and
/// orientation as the other paths. SDL2_image is loaded the first time such a file comes.
struct SDLFormatDecoder {
    var limits: DecodeLimits

    /// Takes the file's bytes over, so they are freed as soon as SDL2_image has the pixels.
    func decode(_ bytes: consuming [UInt8], format: ImageFormat, request: DecodeRequest) throws(DecodeError)
        -> DecodedImage
    {
        let path = request.path
        // Refuse oversized images before SDL2_image allocates them, where the header tells the size.
        if let size = Self.dimensions(bytes, format: format) {
            try limits.check(width: size.width, height: size.height, path: path)
        }
        guard vitrine_sdl_open() == 0 else {
            throw DecodeError(
                path: path, reason: "cannot decode the \(format.rawValue.uppercased()) image (\(Self.sdlError()))")
        }
        let orientation = ExifOrientation.of(bytes, format: format)
        let loaded = bytes.withUnsafeBufferPointer { buffer in
            vitrine_sdl_load(buffer.baseAddress, buffer.count, format.sdlType)
        }
        guard let loaded else {
            throw DecodeError(
                path: path, reason: "cannot decode the \(format.rawValue.uppercased()) image (\(Self.sdlError()))")
        }
        let surface = LoadedSurface(loaded)
        _ = consume bytes
        let plan = try DecodeGeometry(
            storedWidth: surface.width, storedHeight: surface.height, orientation: orientation, request: request,
            limits: limits)
        let color = plan.flattenColor
        // Converted to ARGB8888 a few rows at a time as they go into the downscale
        // (on a second thread), never as a second whole image.
        let pipeline = ReducingPipeline(
            reducer: plan.reducer(sourceWidth: surface.width, sourceHeight: surface.height)
        ) { Resize.flatten($0, onto: color) }
        var y = 0
        let reduced = try pipeline.run { (chunk) throws(DecodeError) -> Int in
            let n = min(pipeline.chunkRows, surface.height - y)
            guard n > 0 else { return 0 }
            guard vitrine_sdl_copy_argb(surface.pointer, Int32(y), Int32(n), chunk.baseAddress) == 0 else {
                throw DecodeError(path: path, reason: "cannot convert the pixels: \(Self.sdlError())")
            }
            y += n
            return n
        }
        return plan.finish(reduced)
    }

    static func sdlError() -> String {
        vitrine_sdl_error().map { String(cString: $0) } ?? "unknown error"
    }

    /// The image size from the header of formats where it is cheap to read.
    static func dimensions(_ b: [UInt8], format: ImageFormat) -> (width: Int, height: Int)? {
        func le16(_ i: Int) -> Int { i + 2 <= b.count ? Int(b[i]) | Int(b[i + 1]) << 8 : 0 }
        func le24(_ i: Int) -> Int { i + 3 <= b.count ? le16(i) | Int(b[i + 2]) << 16 : 0 }
        func le32(_ i: Int) -> Int32 {
            i + 4 <= b.count ? Int32(bitPattern: UInt32(le24(i)) | UInt32(b[i + 3]) << 24) : 0
        }
        switch format {
        case .gif:
            guard b.count >= 10 else { return nil }
            return (le16(6), le16(8))
        case .bmp:
            guard b.count >= 26 else { return nil }
            if le32(14) == 12 { return (le16(18), le16(20)) }
            let h = le32(22)
            return (Int(le32(18)), Int(h == Int32.min ? Int32.max : abs(h)))
        case .webp:
            guard b.count >= 30 else { return nil }
            switch String(decoding: b[12..<16], as: UTF8.self) {
            case "VP8X": return (le24(24) + 1, le24(27) + 1)
            case "VP8 ": return (le16(26) & 0x3FFF, le16(28) & 0x3FFF)
            case "VP8L":
                let bits = UInt32(truncatingIfNeeded: le32(21))
                return (Int(bits & 0x3FFF) + 1, Int((bits >> 14) & 0x3FFF) + 1)
            default: return nil
            }
        default:
            return nil
        }
    }
}
