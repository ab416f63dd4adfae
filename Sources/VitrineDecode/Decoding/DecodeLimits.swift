/// The limits every decode obeys, so no file can make a decoder use unbounded memory.
public struct DecodeLimits: Equatable, Hashable, Sendable, Codable {
    /// The largest source image, in pixels (width × height), that is decoded at all.
    public var maxPixels: Int
    /// The largest file read into memory.
    public var maxFileBytes: Int
    /// The largest single PNG chunk, and the most bytes of ancillary chunks kept.
    public var maxChunkBytes: Int
    /// The most memory a progressive JPEG's decoder may hold: libjpeg keeps every DCT
    /// coefficient of the whole image (2 bytes a sample, whatever the output size) while it
    /// reads the scans. The default takes any 4:2:0 file within the default pixel limit.
    public var maxProgressiveBytes: Int

    public static let defaultMaxPixels = 50_000_000

    public init(
        maxPixels: Int = defaultMaxPixels, maxFileBytes: Int = 256 << 20, maxChunkBytes: Int = 32 << 20,
        maxProgressiveBytes: Int = 192 << 20
    ) {
        self.maxPixels = maxPixels
        self.maxFileBytes = maxFileBytes
        self.maxChunkBytes = maxChunkBytes
        self.maxProgressiveBytes = maxProgressiveBytes
    }

    /// Fails when an image of `width`×`height` is over the pixel limit.
    func check(width: Int, height: Int, path: String) throws(DecodeError) {
        guard width > 0, height > 0 else {
            throw DecodeError(path: path, reason: "the image says it is \(width)x\(height) pixels; the file is damaged")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxPixels else {
            throw DecodeError(
                path: path,
                reason: "the image is \(width)x\(height) (\(Self.megapixels(width * height))), "
                    + "over the \(Self.megapixels(maxPixels)) limit; raise --max-pixels to show it")
        }
    }

    static func megapixels(_ pixels: Int) -> String {
        let mp = Double(pixels) / 1_000_000
        return mp >= 10 ? "\(Int(mp.rounded())) megapixels" : "\((mp * 10).rounded() / 10) megapixels"
    }
}
