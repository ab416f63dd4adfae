import CTurboJPEG

/// A TurboJPEG instance, destroyed with its owner.
package final class TurboJPEGHandle {
    private let handle: tjhandle

    private init(_ handle: tjhandle) {
        self.handle = handle
    }

    deinit {
        tjDestroy(handle)
    }

    package static func decompressor() -> TurboJPEGHandle? {
        tjInitDecompress().map(TurboJPEGHandle.init)
    }

    package static func compressor() -> TurboJPEGHandle? {
        tjInitCompress().map(TurboJPEGHandle.init)
    }

    package struct Header {
        package var width: Int
        package var height: Int
        package var isCMYK: Bool
    }

    package func header(_ bytes: [UInt8], path: String) throws(DecodeError) -> Header {
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let status = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
        }
        guard status == 0 else {
            throw DecodeError(path: path, reason: "not a readable JPEG (\(errorMessage)); the file is damaged")
        }
        let cmyk = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        return Header(width: Int(width), height: Int(height), isCMYK: cmyk)
    }

    /// Decodes at the DCT scale that yields `width`×`height`, as ARGB8888.
    package func decompress(_ bytes: [UInt8], width: Int, height: Int, cmyk: Bool, path: String) throws(DecodeError)
        -> [UInt32]
    {
        // Every pixel is written by a successful decode (a failed one is thrown away):
        // no need to clear 24 MB first.
        var pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            count = buffer.count
        }
        // BGRA in memory is 0xAARRGGBB as a little-endian UInt32; CMYK is converted below.
        let format = cmyk ? TJPF_CMYK : TJPF_BGRA
        // Scan limit: a progressive file with thousands of scans is refused instead of
        // taking minutes. Merged (not "fancy") chroma upsampling is several ms faster,
        // and the area downscale that follows hides the difference.
        let flags = TJFLAG_LIMITSCANS | TJFLAG_FASTUPSAMPLE
        let status = bytes.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBytes { dst in
                tjDecompress2(
                    handle, src.baseAddress, UInt(bytes.count), dst.baseAddress?.assumingMemoryBound(to: UInt8.self),
                    Int32(width), Int32(width * 4), Int32(height), format.rawValue, flags)
            }
        }
        if status != 0 {
            let message = errorMessage
            let isWarning = tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue)
            // A warning still leaves a whole image, except when the data ended early
            // ("Premature end of JPEG file", or "… premature end of data segment" in a scan).
            let endsEarly = message.lowercased().contains("premature end")
            if !isWarning || endsEarly {
                let reason =
                    endsEarly
                    ? "the JPEG data ends early (the file is truncated); copy it again"
                    : "cannot decode the JPEG (\(message)); the file is damaged"
                throw DecodeError(path: path, reason: reason)
            }
        }
        if cmyk { Self.convertCMYK(&pixels) }
        return pixels
    }

    /// Inverted (Adobe) CMYK, as libjpeg delivers it, to RGB.
    private static func convertCMYK(_ pixels: inout [UInt32]) {
        pixels.withUnsafeMutableBufferPointer { p in
            for i in p.indices {
                let v = p[i]
                // Bytes in memory: C, M, Y, K.
                let c = v & 0xFF
                let m = (v >> 8) & 0xFF
                let y = (v >> 16) & 0xFF
                let k = v >> 24
                let r = (c &* k &+ 127) / 255
                let g = (m &* k &+ 127) / 255
                let b = (y &* k &+ 127) / 255
                p[i] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
    }

    /// Compresses ARGB8888 pixels to a baseline (or progressive) JPEG at `quality`, 4:2:0
    /// unless `subsampling` (a `TJSAMP` value: 4:4:4, 4:2:2, grayscale) says otherwise.
    package func compress(
        _ image: PixelBuffer, quality: Int, progressive: Bool = false, subsampling: TJSAMP = TJSAMP_420
    ) -> [UInt8]? {
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = image.pixels.withUnsafeBytes { src in
            tjCompress2(
                handle, src.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(image.width),
                Int32(image.width * 4), Int32(image.height), Int32(TJPF_BGRA.rawValue), &output, &size,
                Int32(subsampling.rawValue), Int32(quality), progressive ? TJFLAG_PROGRESSIVE : 0)
        }
        defer { tjFree(output) }
        guard status == 0, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    private var errorMessage: String {
        tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
    }
}
