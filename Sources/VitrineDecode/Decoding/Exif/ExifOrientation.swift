import CExif

/// Finds the EXIF block a container holds and reads its orientation tag with libexif.
public enum ExifOrientation {
    private static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// The orientation of an image file's bytes; `.up` when there is no tag or it is unreadable.
    public static func of(_ bytes: [UInt8], format: ImageFormat) -> Orientation {
        let block: ArraySlice<UInt8>?
        switch format {
        case .jpeg: block = jpegAPP1(bytes)
        case .webp: block = webpChunk(bytes)
        default: block = nil
        }
        guard let block else { return .up }
        return read(block)
    }

    /// The orientation tag of an EXIF block: a TIFF structure, with or without the `Exif\0\0` prefix.
    public static func read(_ block: ArraySlice<UInt8>) -> Orientation {
        // libexif wants the "Exif\0\0" header in front of the TIFF structure.
        let data = block.starts(with: exifHeader) ? Array(block) : exifHeader + block
        guard data.count > exifHeader.count + 8, let exif = exif_data_new() else { return .up }
        defer { exif_data_unref(exif) }
        // Reading must not invent or "fix" tags.
        exif_data_unset_option(exif, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        data.withUnsafeBufferPointer { exif_data_load_data(exif, $0.baseAddress, UInt32($0.count)) }
        guard let ifd0 = exif.pointee.ifd.0,
            let entry = exif_content_get_entry(ifd0, EXIF_TAG_ORIENTATION),
            entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components >= 1,
            entry.pointee.size >= 2, let value = entry.pointee.data
        else { return .up }
        let raw = exif_get_short(value, exif_data_get_byte_order(exif))
        return Orientation(rawValue: Int(raw)) ?? .up
    }

    /// The payload of a JPEG's APP1 `Exif` segment, found by walking the markers before the image data.
    static func jpegAPP1(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        var i = 2
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF {
                i += 1  // fill byte
                continue
            }
            // Markers without a length: TEM and RSTn; SOS or EOI end the header.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                i += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { return nil }
            let payload = bytes[(i + 4)..<(i + 2 + length)]
            if marker == 0xE1, payload.starts(with: exifHeader) { return payload }
            i += 2 + length
        }
        return nil
    }

    /// The payload of a WebP file's `EXIF` chunk.
    static func webpChunk(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        var i = 12
        while i + 8 <= bytes.count {
            let fourcc = bytes[i..<(i + 4)]
            let size = Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]) << 16 | Int(bytes[i + 7]) << 24
            let start = i + 8
            guard size >= 0, start + size <= bytes.count else { return nil }
            if fourcc.elementsEqual("EXIF".utf8) { return bytes[start..<(start + size)] }
            i = start + size + (size & 1)
        }
        return nil
    }
}
