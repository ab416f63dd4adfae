import CJXL

/// One libjxl decoder with its thread pool, freed with its owner. It reads a whole
/// file from memory: the header (size, orientation, alpha), the colour the pixels
/// come out in, the first EXIF box and the first frame as 8-bit RGB or RGBA.
final class JXLDecoderHandle {
    private let decoder: OpaquePointer
    private let runner: UnsafeMutableRawPointer
    private let path: String
    /// The memory libjxl writes the pixels and the EXIF box into: owned here, so it
    /// lives as long as the decoder that holds pointers to it.
    private var pixelMemory: UnsafeMutableRawBufferPointer?
    private var boxMemory: UnsafeMutableRawBufferPointer?

    /// What the decode found before the pixels.
    struct Header {
        var width: Int
        var height: Int
        var orientation: Orientation
        var hasAlpha: Bool
    }

    init(path: String) throws(DecodeError) {
        self.path = path
        guard let decoder = JxlDecoderCreate(nil) else {
            throw DecodeError(path: path, reason: "cannot start the JPEG XL decoder")
        }
        let threads = min(JxlThreadParallelRunnerDefaultNumWorkerThreads(), 4)
        guard let runner = JxlThreadParallelRunnerCreate(nil, threads) else {
            JxlDecoderDestroy(decoder)
            throw DecodeError(path: path, reason: "cannot start the JPEG XL decoder's threads")
        }
        self.decoder = decoder
        self.runner = runner
    }

    deinit {
        JxlDecoderDestroy(decoder)
        JxlThreadParallelRunnerDestroy(runner)
        pixelMemory?.deallocate()
        boxMemory?.deallocate()
    }

    /// Replaces the box memory with `count` bytes, the first `keep` copied over.
    private func growBox(to count: Int, keeping keep: Int) -> UnsafeMutableRawBufferPointer {
        let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
        if let old = boxMemory {
            grown.copyMemory(from: UnsafeRawBufferPointer(rebasing: old[0..<min(keep, old.count)]))
            old.deallocate()
        }
        boxMemory = grown
        return grown
    }

    /// Decodes the first frame of `data`. `plan` sees the header before any pixel
    /// memory is taken (and throws to refuse the image); `image` gets the pixels
    /// (`channels` bytes a pixel, rows packed) once they are complete.
    func decode(
        _ data: UnsafeRawBufferPointer,
        plan: (Header) throws(DecodeError) -> Void,
        image: (_ pixels: UnsafeRawBufferPointer, _ channels: Int, _ color: SourceColor?, _ exif: [UInt8]?)
            throws(DecodeError) -> Void
    ) throws(DecodeError) {
        let events =
            Int32(JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue)
            | Int32(JXL_DEC_FULL_IMAGE.rawValue | JXL_DEC_BOX.rawValue)
        try check(JxlDecoderSubscribeEvents(decoder, events), "cannot set up the JPEG XL decoder")
        try check(JxlDecoderSetParallelRunner(decoder, JxlThreadParallelRunner, runner), "cannot use threads")
        // Orientation is applied after the downscale, on the small image.
        try check(JxlDecoderSetKeepOrientation(decoder, 1), "cannot keep the orientation")
        try check(JxlDecoderSetDecompressBoxes(decoder, 1), "cannot decompress boxes")
        try check(
            JxlDecoderSetInput(decoder, data.baseAddress?.assumingMemoryBound(to: UInt8.self), data.count),
            "cannot read the file")
        JxlDecoderCloseInput(decoder)

        var header: Header?
        var channels = 3
        var format = JxlPixelFormat(num_channels: 3, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        var color: SourceColor?
        var exif: [UInt8]?
        var boxIsExif = false
        var haveImage = false

        func takeBox() {
            guard boxIsExif, let memory = boxMemory else { return }
            let unused = JxlDecoderReleaseBoxBuffer(decoder)
            exif = Array(memory[0..<max(0, memory.count - unused)])
            boxIsExif = false
        }

        loop: while true {
            let status = JxlDecoderProcessInput(decoder)
            switch status {
            case JXL_DEC_BASIC_INFO:
                var info = JxlBasicInfo()
                try check(JxlDecoderGetBasicInfo(decoder, &info), "cannot read the image header")
                let found = Header(
                    width: Int(info.xsize), height: Int(info.ysize),
                    orientation: Orientation(rawValue: Int(info.orientation.rawValue)) ?? .up,
                    hasAlpha: info.alpha_bits > 0)
                try plan(found)
                header = found
                channels = found.hasAlpha ? 4 : 3
                format.num_channels = UInt32(channels)
            case JXL_DEC_COLOR_ENCODING:
                color = dataColor(format: &format)
            case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                guard !haveImage else { break loop }  // a second frame: the first is all a slide shows
                guard let header else { throw damaged() }
                var size = 0
                try check(JxlDecoderImageOutBufferSize(decoder, &format, &size), "cannot size the image")
                guard size == header.width * header.height * channels else { throw damaged() }
                let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
                pixelMemory?.deallocate()
                pixelMemory = memory
                try check(
                    JxlDecoderSetImageOutBuffer(decoder, &format, memory.baseAddress, size),
                    "cannot take the image's pixels")
            case JXL_DEC_BOX:
                takeBox()
                guard exif == nil else { break }
                var type = [CChar](repeating: 0, count: 4)
                try check(JxlDecoderGetBoxType(decoder, &type, 1), "cannot read a box")
                var raw: UInt64 = 0
                try check(JxlDecoderGetBoxSizeRaw(decoder, &raw), "cannot read a box")
                if type.map({ UInt8(bitPattern: $0) }) == Array("Exif".utf8), raw <= 1 << 20 {
                    boxIsExif = true
                    let memory = growBox(to: 1 << 16, keeping: 0)
                    try check(
                        JxlDecoderSetBoxBuffer(
                            decoder, memory.baseAddress?.assumingMemoryBound(to: UInt8.self), memory.count),
                        "cannot read a box")
                }
            case JXL_DEC_BOX_NEED_MORE_OUTPUT:
                guard boxIsExif, let old = boxMemory else { break }
                let filled = old.count - JxlDecoderReleaseBoxBuffer(decoder)
                guard old.count < 1 << 20 else {
                    boxIsExif = false
                    break
                }
                let memory = growBox(to: old.count * 2, keeping: filled)
                let rest = UnsafeMutableRawBufferPointer(rebasing: memory[filled...])
                try check(
                    JxlDecoderSetBoxBuffer(decoder, rest.baseAddress?.assumingMemoryBound(to: UInt8.self), rest.count),
                    "cannot read a box")
            case JXL_DEC_FULL_IMAGE:
                haveImage = true
            case JXL_DEC_SUCCESS:
                takeBox()
                break loop
            case JXL_DEC_NEED_MORE_INPUT:
                if haveImage { break loop }
                throw DecodeError(
                    path: path, reason: "the JPEG XL data ends early (the file is truncated); copy it again")
            default:
                if haveImage { break loop }
                throw damaged()
            }
        }
        guard haveImage, let pixels = pixelMemory else { throw damaged() }
        try image(UnsafeRawBufferPointer(pixels), channels, color, exif)
    }

    /// Asks for sRGB where the decoder may choose (XYB-coded, lossy images), then reads
    /// what the pixels will be in: nil for sRGB, else its ICC profile.
    private func dataColor(format: inout JxlPixelFormat) -> SourceColor? {
        var srgb = JxlColorEncoding()
        srgb.color_space = JXL_COLOR_SPACE_RGB
        srgb.white_point = JXL_WHITE_POINT_D65
        srgb.primaries = JXL_PRIMARIES_SRGB
        srgb.transfer_function = JXL_TRANSFER_FUNCTION_SRGB
        srgb.rendering_intent = JXL_RENDERING_INTENT_PERCEPTUAL
        // Refused for images whose pixels are coded in their own colour space; that is fine.
        _ = JxlDecoderSetPreferredColorProfile(decoder, &srgb)
        var encoded = JxlColorEncoding()
        if JxlDecoderGetColorAsEncodedProfile(decoder, &format, JXL_COLOR_PROFILE_TARGET_DATA, &encoded)
            == JXL_DEC_SUCCESS,
            encoded.white_point == JXL_WHITE_POINT_D65, encoded.transfer_function == JXL_TRANSFER_FUNCTION_SRGB,
            encoded.color_space == JXL_COLOR_SPACE_GRAY || encoded.primaries == JXL_PRIMARIES_SRGB
        {
            return nil
        }
        var size = 0
        guard JxlDecoderGetICCProfileSize(decoder, &format, JXL_COLOR_PROFILE_TARGET_DATA, &size) == JXL_DEC_SUCCESS,
            size > 0, size <= 4 << 20
        else { return nil }
        var profile = [UInt8](repeating: 0, count: size)
        let got = profile.withUnsafeMutableBufferPointer {
            JxlDecoderGetColorAsICCProfile(decoder, &format, JXL_COLOR_PROFILE_TARGET_DATA, $0.baseAddress, size)
        }
        return got == JXL_DEC_SUCCESS ? .icc(profile) : nil
    }

    private func check(_ status: JxlDecoderStatus, _ what: String) throws(DecodeError) {
        guard status == JXL_DEC_SUCCESS else {
            throw DecodeError(path: path, reason: "\(what) (libjxl status \(status.rawValue)); the file is damaged")
        }
    }

    private func damaged() -> DecodeError {
        DecodeError(path: path, reason: "not a readable JPEG XL image; the file is damaged")
    }
}
