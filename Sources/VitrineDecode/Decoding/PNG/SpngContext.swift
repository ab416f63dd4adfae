import CSpng

/// A libspng decoding context over a buffer the caller keeps alive, or reading a
/// file as it goes (a few kilobytes at a time), freed with its owner.
package final class SpngContext {
    private let context: OpaquePointer
    /// The file read from, when streaming (libspng calls back into it).
    private let stream: ImageFileStream?

    package struct Header {
        package var width: Int
        package var height: Int
        package var interlaced: Bool
    }

    package init?(_ buffer: UnsafeBufferPointer<UInt8>, limits: DecodeLimits) {
        guard let context = Self.newContext(limits: limits) else { return nil }
        self.context = context
        self.stream = nil
        guard spng_set_png_buffer(context, buffer.baseAddress, buffer.count) == 0 else { return nil }
    }

    /// A context reading `stream` from where it stands, in libspng's own pieces (8 KB at most).
    init?(stream: ImageFileStream, limits: DecodeLimits) {
        guard let context = Self.newContext(limits: limits) else { return nil }
        self.context = context
        self.stream = stream
        // The context lives no longer than this object, which keeps the stream.
        let user = Unmanaged.passUnretained(stream).toOpaque()
        let status = spng_set_png_stream(
            context,
            { _, user, destination, length in
                guard let user, let destination else { return SPNG_IO_ERROR.rawValue }
                let stream = Unmanaged<ImageFileStream>.fromOpaque(user).takeUnretainedValue()
                do {
                    return try stream.read(into: destination, count: length) ? 0 : SPNG_IO_EOF.rawValue
                } catch {
                    return SPNG_IO_ERROR.rawValue
                }
            }, user)
        guard status == 0 else { return nil }
    }

    private static func newContext(limits: DecodeLimits) -> OpaquePointer? {
        // The zlib stream's Adler-32 is not checked (the chunk CRCs cover the same bytes).
        // The CRC actions stay the default: in libspng 0.7 changing them turns off the IDAT CRC check.
        guard let context = spng_ctx_new(Int32(SPNG_CTX_IGNORE_ADLER32.rawValue)) else { return nil }
        let side = UInt32(clamping: min(limits.maxPixels, Int(Int32.max)))
        spng_set_image_limits(context, side, side)
        spng_set_chunk_limits(context, limits.maxChunkBytes, limits.maxChunkBytes)
        return context
    }

    deinit {
        spng_ctx_free(context)
    }

    package func header(path: String) throws(DecodeError) -> Header {
        var ihdr = spng_ihdr()
        let status = spng_get_ihdr(context, &ihdr)
        guard status == 0 else { throw failure(status, path: path) }
        return Header(
            width: Int(ihdr.width), height: Int(ihdr.height),
            interlaced: ihdr.interlace_method != UInt8(SPNG_INTERLACE_NONE.rawValue))
    }

    /// The bytes of the `eXIf` chunk, if one comes before the image data.
    package func exif() -> [UInt8]? {
        var exif = spng_exif()
        guard spng_get_exif(context, &exif) == 0, let data = exif.data, exif.length > 0 else { return nil }
        return data.withMemoryRebound(to: UInt8.self, capacity: exif.length) {
            Array(UnsafeBufferPointer(start: $0, count: exif.length))
        }
    }

    /// The ICC profile of the `iCCP` chunk, decompressed by libspng (within its chunk limits).
    package func iccProfile() -> [UInt8]? {
        var iccp = spng_iccp()
        guard spng_get_iccp(context, &iccp) == 0, let data = iccp.profile, iccp.profile_len > 0,
            iccp.profile_len <= EmbeddedProfile.maxBytes
        else { return nil }
        return data.withMemoryRebound(to: UInt8.self, capacity: iccp.profile_len) {
            Array(UnsafeBufferPointer(start: $0, count: iccp.profile_len))
        }
    }

    private var format: Int32 { Int32(SPNG_FMT_RGBA8.rawValue) }
    private var transparency: Int32 { Int32(SPNG_DECODE_TRNS.rawValue) }

    package func decodeWhole(width: Int, height: Int, path: String) throws(DecodeError) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: width * height)
        let status = pixels.withUnsafeMutableBytes {
            spng_decode_image(context, $0.baseAddress, $0.count, format, transparency)
        }
        guard status == 0 else { throw failure(status, path: path) }
        return pixels
    }

    package func startRows(path: String) throws(DecodeError) {
        let status = spng_decode_image(
            context, nil, 0, format, transparency | Int32(SPNG_DECODE_PROGRESSIVE.rawValue))
        guard status == 0 else { throw failure(status, path: path) }
    }

    package func nextRow(into row: UnsafeMutableBufferPointer<UInt32>, path: String) throws(DecodeError) {
        let status = spng_decode_row(context, UnsafeMutableRawPointer(row.baseAddress), row.count * 4)
        // The last row reports the end of the image.
        guard status == 0 || status == Int32(SPNG_EOI.rawValue) else { throw failure(status, path: path) }
    }

    /// Reads what follows the image data, which also checks the last data chunk's CRC.
    package func finishRows(path: String) throws(DecodeError) {
        let status = spng_decode_chunks(context)
        guard status == 0 else { throw failure(status, path: path) }
    }

    private func failure(_ status: Int32, path: String) -> DecodeError {
        let message = spng_strerror(status).map { String(cString: $0) } ?? "error \(status)"
        return DecodeError(path: path, reason: "not a readable PNG (\(message)); the file is damaged")
    }
}
