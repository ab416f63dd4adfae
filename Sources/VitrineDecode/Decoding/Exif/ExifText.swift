import CExif
import VitrineBase

/// The words a photo carries about itself (EXIF ImageDescription and
/// DateTimeOriginal, and the camera details of `ExifDetails`), read with
/// libexif from the container's EXIF block, for captions and the info panel.
public enum ExifText {
    /// The caption metadata of an image file's bytes; nil when there is none.
    public static func of(_ bytes: [UInt8], format: ImageFormat) -> ImageMetadata? {
        let block: ArraySlice<UInt8>?
        switch format {
        case .jpeg: block = ExifOrientation.jpegAPP1(bytes)
        case .webp: block = ExifOrientation.webpChunk(bytes)
        case .png: block = pngChunk(bytes)
        default: block = nil
        }
        return block.flatMap(read)
    }

    /// ImageDescription and DateTimeOriginal of an EXIF block (with or without the `Exif\0\0` prefix).
    public static func read(_ block: ArraySlice<UInt8>) -> ImageMetadata? {
        let header: [UInt8] = Array("Exif".utf8) + [0, 0]
        let data = block.starts(with: header) ? Array(block) : header + block
        guard data.count > header.count + 8, let exif = exif_data_new() else { return nil }
        defer { exif_data_unref(exif) }
        exif_data_unset_option(exif, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        data.withUnsafeBufferPointer { exif_data_load_data(exif, $0.baseAddress, UInt32($0.count)) }
        let description = text(exif, EXIF_IFD_0, EXIF_TAG_IMAGE_DESCRIPTION)
        // When the photo was taken; edited files often keep only the IFD0 date.
        let date = text(exif, EXIF_IFD_EXIF, EXIF_TAG_DATE_TIME_ORIGINAL) ?? text(exif, EXIF_IFD_0, EXIF_TAG_DATE_TIME)
        var metadata = ImageMetadata(description: description, dateTaken: date)
        metadata.dateOffset =
            text(exif, EXIF_IFD_EXIF, EXIF_TAG_OFFSET_TIME_ORIGINAL) ?? text(exif, EXIF_IFD_EXIF, EXIF_TAG_OFFSET_TIME)
        ExifDetails.read(exif, into: &metadata)
        return metadata.isEmpty ? nil : metadata
    }

    /// An ASCII tag's text, trimmed; nil when absent or blank.
    static func text(_ exif: UnsafeMutablePointer<ExifData>, _ ifd: ExifIfd, _ tag: ExifTag) -> String? {
        guard let entry = ExifDetails.entry(exif, ifd, tag), entry.pointee.format == EXIF_FORMAT_ASCII,
            let raw = entry.pointee.data
        else { return nil }
        let count = min(Int(entry.pointee.size), 2000)
        let bytes = UnsafeBufferPointer(start: raw, count: count).prefix { $0 != 0 }
        let value = String(decoding: bytes, as: UTF8.self).trimmed
        return value.isEmpty ? nil : value
    }

    /// The payload of a PNG's `eXIf` chunk, found by walking the chunks before the image data.
    static func pngChunk(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        var i = 8
        while i + 8 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let type = bytes[(i + 4)..<(i + 8)]
            let start = i + 8
            guard length >= 0, start + length <= bytes.count else { return nil }
            if type.elementsEqual("eXIf".utf8) { return bytes[start..<(start + length)] }
            if type.elementsEqual("IDAT".utf8) || type.elementsEqual("IEND".utf8) { return nil }
            i = start + length + 4
        }
        return nil
    }
}

extension String {
    /// The text without white space (spaces, tabs, line ends) at either end.
    var trimmed: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace || $0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
