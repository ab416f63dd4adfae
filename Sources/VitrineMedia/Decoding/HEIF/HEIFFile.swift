import CHeif
import Foundation

/// A HEIF or AVIF file read by libheif from memory the caller keeps alive (its
/// `heif_context`), freed with its owner, and its primary image (`heif_image_handle`).
final class HEIFFile {
    private let context: OpaquePointer
    private let handle: OpaquePointer
    private let path: String

    /// libheif's decoders are registered once a process (a reference count inside libheif).
    private static let initialised: Bool = heif_init(nil).code == heif_error_Ok

    /// Reads the file's boxes from `data` (not copied: it must outlive this value).
    /// `maxSide` bounds each side libheif accepts from the file's `ispe` boxes.
    init(_ data: UnsafeRawBufferPointer, maxSide: Int, path: String) throws(DecodeError) {
        self.path = path
        guard Self.initialised, let context = heif_context_alloc() else {
            throw DecodeError(path: path, reason: "cannot start libheif")
        }
        heif_context_set_maximum_image_size_limit(context, Int32(clamping: maxSide))
        heif_context_set_max_decoding_threads(context, Int32(clamping: ProcessInfo.processInfo.activeProcessorCount))
        let read = heif_context_read_from_memory_without_copy(context, data.baseAddress, data.count, nil)
        guard read.code == heif_error_Ok else {
            heif_context_free(context)
            throw Self.failure(read, path: path)
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

    /// Decodes the primary image, its rotation and mirroring applied, to interleaved 8-bit
    /// RGB (RGBA with `alpha`); high bit depths are reduced to 8 bits.
    func decode(alpha: Bool) throws(DecodeError) -> HEIFImage {
        guard let options = heif_decoding_options_alloc() else {
            throw DecodeError(path: path, reason: "out of memory while decoding the HEIF image")
        }
        defer { heif_decoding_options_free(options) }
        options.pointee.convert_hdr_to_8bit = 1
        var image: OpaquePointer?
        let decoded = heif_decode_image(
            handle, &image, heif_colorspace_RGB, alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB,
            options)
        guard decoded.code == heif_error_Ok, let image else { throw Self.failure(decoded, path: path) }
        let made = HEIFImage(image)
        guard made.plane != nil, made.bitsPerPixel == (alpha ? 32 : 24) else {
            throw DecodeError(path: path, reason: "libheif gave no 8-bit RGB pixels for the image")
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

/// A decoded HEIF image (`heif_image`): one interleaved 8-bit plane, freed with its owner.
final class HEIFImage {
    private let image: OpaquePointer

    init(_ image: OpaquePointer) {
        self.image = image
    }

    deinit {
        heif_image_release(image)
    }

    var width: Int { Int(heif_image_get_width(image, heif_channel_interleaved)) }
    var height: Int { Int(heif_image_get_height(image, heif_channel_interleaved)) }
    var bitsPerPixel: Int { Int(heif_image_get_bits_per_pixel(image, heif_channel_interleaved)) }

    /// The pixels and their bytes a row; valid while this value lives.
    var plane: (pixels: UnsafePointer<UInt8>, stride: Int)? {
        var stride: Int32 = 0
        guard let pixels = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride), stride > 0 else {
            return nil
        }
        return (pixels, Int(stride))
    }
}
