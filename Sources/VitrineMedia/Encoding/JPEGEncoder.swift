/// The one JPEG encoder (libjpeg-turbo's compressor): the screen's picture for the remote control
/// (`FrameJPEG`), benchmark inputs and test fixtures.
public enum JPEGEncoder {
    /// A baseline (or progressive) 4:2:0 JPEG of `image` at `quality` (1–100); nil if the compressor fails.
    public static func encode(_ image: PixelBuffer, quality: Int = 90, progressive: Bool = false) -> [UInt8]? {
        TurboJPEGHandle.compressor()?.compress(image, quality: max(1, min(100, quality)), progressive: progressive)
    }

    /// A JPEG with an EXIF APP1 segment carrying `orientation`, inserted after SOI.
    public static func withOrientation(_ jpeg: [UInt8], _ orientation: Orientation) -> [UInt8] {
        guard jpeg.count > 2 else { return jpeg }
        // "Exif\0\0", then a little-endian TIFF header and one IFD with the orientation entry.
        var tiff: [UInt8] = Array("Exif".utf8) + [0, 0]
        tiff += [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]
        tiff += [0x01, 0x00]  // one entry
        tiff += [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00]  // tag 0x0112, SHORT, count 1
        tiff += [UInt8(orientation.rawValue), 0x00, 0x00, 0x00]
        tiff += [0x00, 0x00, 0x00, 0x00]  // no next IFD
        let length = tiff.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + tiff
        return Array(jpeg[0..<2]) + segment + jpeg[2...]
    }
}
