import CHeif

/// A HEIF or AVIF file read by libheif from memory the caller keeps alive, or from the open
/// file a box at a time (its `heif_context`), freed with its owner, and its primary image
/// (`heif_image_handle`).
final class HEIFFile {
    private let context: OpaquePointer
    private let handle: OpaquePointer
    private let path: String
    /// The open file libheif reads from, when it does not read from memory.
    private let source: HEIFFileSource?

    /// libheif's decoders are registered once a process (a reference count inside libheif).
    private static let initialised: Bool = heif_init(nil).code == heif_error_Ok

    /// Reads the file's boxes from `data` (not copied: it must outlive this value).
    /// `maxSide` bounds each side libheif accepts from the file's `ispe` boxes.
    convenience init(_ data: UnsafeRawBufferPointer, maxSide: Int, path: String) throws(DecodeError) {
        try self.init(source: nil, maxSide: maxSide, path: path) { context in
            heif_context_read_from_memory_without_copy(context, data.baseAddress, data.count, nil)
        }
    }

    /// Reads the file's boxes from the open `stream` as libheif asks for them, so the file's
    /// bytes are never held whole beside libheif's own copy of the coded image.
    convenience init(_ stream: ImageFileStream, maxSide: Int) throws(DecodeError) {
        let source = HEIFFileSource(stream)
        try self.init(source: source, maxSide: maxSide, path: stream.path) { context in
            heif_context_read_from_reader(
                context, HEIFFileSource.reader, Unmanaged.passUnretained(source).toOpaque(), nil)
        }
    }

    private init(
        source: HEIFFileSource?, maxSide: Int, path: String, open: (OpaquePointer) -> heif_error
    ) throws(DecodeError) {
        self.path = path
        self.source = source
        guard Self.initialised, let context = heif_context_alloc() else {
            throw DecodeError(path: path, reason: "cannot start libheif")
        }
        heif_context_set_maximum_image_size_limit(context, Int32(clamping: maxSide))
        heif_context_set_max_decoding_threads(context, Int32(clamping: Cores.active))
        let read = open(context)
        guard read.code == heif_error_Ok else {
            heif_context_free(context)
            // A read of the file that failed says more than libheif's "cannot read".
            throw source?.failure ?? Self.failure(read, path: path)
        }
        var primary: OpaquePointer?
        let got = heif_context_get_primary_image_handle(context, &primary)
        guard got.code == heif_error_Ok, let primary else {
            heif_context_free(context)
            throw Self.failure(got, path: path)
        }
        self.context = context
        self.handle = primary
    }

    deinit {
        heif_image_handle_release(handle)
        heif_context_free(context)
    }

    /// The primary image's size with its rotation and mirroring applied (`irot`, `imir`).
    var width: Int { Int(heif_image_handle_get_width(handle)) }
    var height: Int { Int(heif_image_handle_get_height(handle)) }
    var hasAlpha: Bool { heif_image_handle_has_alpha_channel(handle) != 0 }

    /// The image's first EXIF block, without HEIF's 4-byte offset to the TIFF header.
    func exif(maxBytes: Int = 1 << 20) -> ArraySlice<UInt8>? {
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return nil }
        let size = heif_image_handle_get_metadata_size(handle, id)
        guard size > 4, size <= maxBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        let got = bytes.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
        guard got.code == heif_error_Ok else { return nil }
        let offset = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        guard offset >= 0, 4 + offset < size else { return nil }
        return bytes[(4 + offset)...]
    }

    /// The colour the file gives its primary image: an ICC profile (`prof`, `rICC`) or
    /// nclx primaries and transfer; nil when it gives none.
    func color(maxProfileBytes: Int = 4 << 20) -> SourceColor? {
        let type = heif_image_handle_get_color_profile_type(handle)
        if type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC {
            let size = heif_image_handle_get_raw_color_profile_size(handle)
            guard size > 0, size <= maxProfileBytes else { return nil }
            var bytes = [UInt8](repeating: 0, count: size)
            let got = bytes.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }
            return got.code == heif_error_Ok ? .icc(bytes) : nil
        }
        guard type == heif_color_profile_type_nclx else { return nil }
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        let got = heif_image_handle_get_nclx_color_profile(handle, &nclx)
        guard got.code == heif_error_Ok, let nclx else { return nil }
        defer { heif_nclx_color_profile_free(nclx) }
        let n = nclx.pointee
        return .coded(
            CodedColor(
                red: (Double(n.color_primary_red_x), Double(n.color_primary_red_y)),
                green: (Double(n.color_primary_green_x), Double(n.color_primary_green_y)),
                blue: (Double(n.color_primary_blue_x), Double(n.color_primary_blue_y)),
                white: (Double(n.color_primary_white_x), Double(n.color_primary_white_y)),
                transfer: Int(n.transfer_characteristics.rawValue)))
    }

    /// Decodes the primary image, its rotation and mirroring applied, to planar RGB (and
    /// alpha with `alpha`) at the file's bit depth. Planar RGB 4:4:4 is what libheif 1.15
    /// makes of every image before any other output (a grid's tiles are pasted into it, a
    /// coded image's YCbCr is converted to it), so asking for it adds no full-size copy:
    /// interleaved RGB would be a second 12 MP buffer beside it, and YCbCr a conversion back.
    ///
    /// With `oneCPU` (an AVIF), the decode runs on the calling thread's CPU alone: dav1d then
    /// decodes without frame threads, whose copy of the frame's coefficients is most of an
    /// AVIF's peak memory (see `OneCPU`).
    func decode(alpha: Bool, oneCPU: Bool = false) throws(DecodeError) -> HEIFImage {
        guard let options = heif_decoding_options_alloc() else {
            throw DecodeError(path: path, reason: "out of memory while decoding the HEIF image")
        }
        defer { heif_decoding_options_free(options) }
        var image: OpaquePointer?
        let decode = { heif_decode_image(self.handle, &image, heif_colorspace_RGB, heif_chroma_444, options) }
        let decoded = oneCPU ? OneCPU.run(decode) : decode()
        guard decoded.code == heif_error_Ok, let image else { throw Self.failure(decoded, path: path) }
        guard let made = HEIFImage(image, alpha: alpha) else {
            throw DecodeError(path: path, reason: "libheif gave no RGB planes of 8 to 16 bits for the image")
        }
        return made
    }

    private static func failure(_ error: heif_error, path: String) -> DecodeError {
        let message = error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
        switch error.code {
        case heif_error_Memory_allocation_error:
            return DecodeError(path: path, reason: "out of memory while decoding the HEIF image")
        case heif_error_Unsupported_filetype, heif_error_Unsupported_feature:
            return DecodeError(path: path, reason: "libheif cannot decode this image (\(message))")
        case heif_error_Decoder_plugin_error:
            return DecodeError(
                path: path, reason: "the HEIF image's coded data is damaged or unsupported (\(message))")
        default:
            if error.subcode == heif_suberror_Security_limit_exceeded {
                return DecodeError(path: path, reason: "the HEIF file is over libheif's limits (\(message))")
            }
            return DecodeError(path: path, reason: "not a readable HEIF image (\(message)); the file is damaged")
        }
    }
}

/// A decoded HEIF image (`heif_image`): planar R, G, B (and alpha) of equal size, 8 bits
/// a sample or 9 to 16 in two bytes; freed with its owner.
final class HEIFImage {
    private typealias Plane = (pixels: UnsafePointer<UInt8>, stride: Int)

    private let image: OpaquePointer
    private let red: Plane
    private let green: Plane
    private let blue: Plane
    private let alpha: Plane?
    /// The significant bits a sample (8 to 16); above 8 each sample takes two bytes.
    private let bits: Int
    let width: Int
    let height: Int

    /// Takes `image` (released with this value, or now when it is not as described).
    init?(_ image: OpaquePointer, alpha: Bool) {
        self.image = image
        width = Int(heif_image_get_width(image, heif_channel_R))
        height = Int(heif_image_get_height(image, heif_channel_R))
        bits = Int(heif_image_get_bits_per_pixel_range(image, heif_channel_R))
        let channels =
            alpha
            ? [heif_channel_R, heif_channel_G, heif_channel_B, heif_channel_Alpha]
            : [heif_channel_R, heif_channel_G, heif_channel_B]
        var planes: [Plane] = []
        for channel in channels {
            var stride: Int32 = 0
            let bytes = Int(heif_image_get_bits_per_pixel(image, channel))
            guard let pixels = heif_image_get_plane_readonly(image, channel, &stride),
                Int(heif_image_get_width(image, channel)) == Int(heif_image_get_width(image, heif_channel_R)),
                Int(heif_image_get_height(image, channel)) == Int(heif_image_get_height(image, heif_channel_R)),
                Int(heif_image_get_bits_per_pixel_range(image, channel)) == bits,
                bytes == (bits > 8 ? 16 : 8), Int(stride) >= (bits > 8 ? 2 : 1) * width
            else {
                heif_image_release(image)
                return nil
            }
            planes.append((pixels, Int(stride)))
        }
        guard (8...16).contains(bits), width > 0, height > 0 else {
            heif_image_release(image)
            return nil
        }
        red = planes[0]
        green = planes[1]
        blue = planes[2]
        self.alpha = alpha ? planes[3] : nil
    }

    deinit {
        heif_image_release(image)
    }

    /// Row `y` as 0xAARRGGBB words (opaque without alpha), reduced to 8 bits a sample.
    func row(_ y: Int, into target: UnsafeMutablePointer<UInt32>) {
        if bits == 8 {
            let r = red.pixels + y * red.stride
            let g = green.pixels + y * green.stride
            let b = blue.pixels + y * blue.stride
            if let alpha {
                let a = alpha.pixels + y * alpha.stride
                for x in 0..<width {
                    target[x] = UInt32(a[x]) << 24 | UInt32(r[x]) << 16 | UInt32(g[x]) << 8 | UInt32(b[x])
                }
            } else {
                for x in 0..<width {
                    target[x] = 0xFF00_0000 | UInt32(r[x]) << 16 | UInt32(g[x]) << 8 | UInt32(b[x])
                }
            }
            return
        }
        let shift = bits - 8
        let maximum = (1 << bits) - 1
        func sample(_ plane: Plane, _ x: Int) -> UInt32 {
            let raw = UnsafeRawPointer(plane.pixels + y * plane.stride)
            let value = min(Int(raw.loadUnaligned(fromByteOffset: 2 * x, as: UInt16.self)), maximum)
            // The low bits dropped, as libheif's own reduction to 8 bits does.
            return UInt32(value >> shift)
        }
        for x in 0..<width {
            let a = alpha.map { sample($0, x) } ?? 0xFF
            target[x] = a << 24 | sample(red, x) << 16 | sample(green, x) << 8 | sample(blue, x)
        }
    }
}
