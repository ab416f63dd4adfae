import CExif
import VitrineBase

/// The camera's side of an EXIF block: make and model, lens, exposure and the
/// GPS position, read from an `ExifData` that `ExifText` owns and frees.
enum ExifDetails {
    /// Fills in what the block says; leaves the rest nil.
    static func read(_ exif: UnsafeMutablePointer<ExifData>, into metadata: inout ImageMetadata) {
        let order = exif_data_get_byte_order(exif)
        let make = ExifText.text(exif, EXIF_IFD_0, EXIF_TAG_MAKE)
        let model = ExifText.text(exif, EXIF_IFD_0, EXIF_TAG_MODEL)
        metadata.camera = camera(make: make, model: model)
        metadata.lens = ExifText.text(exif, EXIF_IFD_EXIF, EXIF_TAG_LENS_MODEL)
        metadata.exposureTime = rationals(exif, EXIF_IFD_EXIF, EXIF_TAG_EXPOSURE_TIME, order)?.first
        metadata.fNumber = rationals(exif, EXIF_IFD_EXIF, EXIF_TAG_FNUMBER, order)?.first
        metadata.focalLength = rationals(exif, EXIF_IFD_EXIF, EXIF_TAG_FOCAL_LENGTH, order)?.first
        metadata.iso = short(exif, EXIF_IFD_EXIF, EXIF_TAG_ISO_SPEED_RATINGS, order).map(Int.init)
        metadata.latitude = coordinate(exif, value: 0x0002, reference: 0x0001, negative: "S", order)
        metadata.longitude = coordinate(exif, value: 0x0004, reference: 0x0003, negative: "W", order)
    }

    /// `Canon` + `Canon EOS 5D` → `Canon EOS 5D`; either alone as it is.
    static func camera(make: String?, model: String?) -> String? {
        guard let model else { return make }
        guard let make, !model.lowercased().hasPrefix(make.lowercased()) else { return model }
        return make + " " + model
    }

    static func entry(_ exif: UnsafeMutablePointer<ExifData>, _ ifd: ExifIfd, _ tag: ExifTag)
        -> UnsafeMutablePointer<ExifEntry>?
    {
        let content: UnsafeMutablePointer<ExifContent>?
        switch ifd {
        case EXIF_IFD_0: content = exif.pointee.ifd.0
        case EXIF_IFD_EXIF: content = exif.pointee.ifd.2
        case EXIF_IFD_GPS: content = exif.pointee.ifd.3
        default: content = nil
        }
        guard let content else { return nil }
        return exif_content_get_entry(content, tag)
    }

    /// An unsigned rational tag's values (at most three), each finite; nil when absent or malformed.
    static func rationals(
        _ exif: UnsafeMutablePointer<ExifData>, _ ifd: ExifIfd, _ tag: ExifTag, _ order: ExifByteOrder
    ) -> [Double]? {
        guard let e = entry(exif, ifd, tag), e.pointee.format == EXIF_FORMAT_RATIONAL, let data = e.pointee.data
        else { return nil }
        let count = min(Int(e.pointee.components), 3, Int(e.pointee.size) / 8)
        guard count > 0 else { return nil }
        var values: [Double] = []
        for i in 0..<count {
            let r = exif_get_rational(data + 8 * i, order)
            guard r.denominator != 0 else { return nil }
            values.append(Double(r.numerator) / Double(r.denominator))
        }
        return values
    }

    static func short(
        _ exif: UnsafeMutablePointer<ExifData>, _ ifd: ExifIfd, _ tag: ExifTag, _ order: ExifByteOrder
    ) -> UInt16? {
        guard let e = entry(exif, ifd, tag), e.pointee.format == EXIF_FORMAT_SHORT, e.pointee.size >= 2,
            let data = e.pointee.data
        else { return nil }
        let value = exif_get_short(data, order)
        return value == 0 ? nil : value
    }

    /// Degrees, minutes and seconds with their N/S or E/W reference, as signed degrees.
    static func coordinate(
        _ exif: UnsafeMutablePointer<ExifData>, value: UInt32, reference: UInt32, negative: String,
        _ order: ExifByteOrder
    ) -> Double? {
        guard let parts = rationals(exif, EXIF_IFD_GPS, ExifTag(rawValue: value), order), parts.count == 3,
            let ref = ExifText.text(exif, EXIF_IFD_GPS, ExifTag(rawValue: reference))
        else { return nil }
        let degrees = parts[0] + parts[1] / 60 + parts[2] / 3600
        guard degrees.isFinite, degrees <= 180 else { return nil }
        return ref.uppercased().hasPrefix(negative) ? -degrees : degrees
    }
}
