import Foundation
import VitrineMedia

/// The files the format table of `vitrine bench` decodes, made by the bench
/// itself so it runs on a fresh machine: photo-like pictures at the sizes
/// cameras and phones produce, in each format.
enum BenchSamples {
    /// One kind of file in the table.
    enum Kind: String, CaseIterable {
        case baseline
        case progressive
        case png
        case webp
        case bmp

        var label: String {
            switch self {
            case .baseline: return "baseline JPEG"
            case .progressive: return "progressive JPEG"
            case .png: return "PNG"
            case .webp: return "WebP (lossy)"
            case .bmp: return "BMP"
            }
        }

        var size: (width: Int, height: Int) {
            switch self {
            case .baseline, .progressive: return (6000, 4000)
            case .png, .webp, .bmp: return (4000, 3000)
            }
        }

        var fileName: String {
            switch self {
            case .baseline: return "baseline.jpg"
            case .progressive: return "progressive.jpg"
            case .png: return "photo.png"
            case .webp: return "photo.webp"
            case .bmp: return "photo.bmp"
            }
        }
    }

    /// Writes the file of `kind` into `folder` (unless it is there); returns its path.
    static func write(_ kind: Kind, into folder: URL) throws -> String {
        let url = folder.appendingPathComponent(kind.fileName)
        if FileManager.default.fileExists(atPath: url.path) { return url.path }
        let (w, h) = kind.size
        let picture = BenchInputs.photo(width: w, height: h, seed: 7)
        let bytes: [UInt8]?
        switch kind {
        case .baseline: bytes = JPEGEncoder.encode(picture, quality: 90)
        case .progressive: bytes = JPEGEncoder.encode(picture, quality: 90, progressive: true)
        case .png: bytes = PNGEncoder.encode(picture)
        case .webp: bytes = WebPEncoder.encode(picture, quality: 80)
        case .bmp: bytes = bmp(picture)
        }
        guard let bytes else { throw BenchError("cannot make the \(w)x\(h) \(kind.label) test file") }
        try Data(bytes).write(to: url)
        return url.path
    }

    /// A 24-bit bottom-up BMP.
    static func bmp(_ image: PixelBuffer) -> [UInt8] {
        let pitch = (image.width * 3 + 3) & ~3
        let size = 54 + pitch * image.height
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> ($0 * 8)) & 0xFF) } }
        var out: [UInt8] = Array("BM".utf8) + le32(size) + le32(0) + le32(54)
        out += le32(40) + le32(image.width) + le32(image.height) + [1, 0, 24, 0] + le32(0) + le32(pitch * image.height)
        out += le32(2835) + le32(2835) + le32(0) + le32(0)
        out.reserveCapacity(size)
        for y in (0..<image.height).reversed() {
            for x in 0..<image.width {
                let p = image.pixels[y * image.width + x]
                out += [UInt8(p & 0xFF), UInt8((p >> 8) & 0xFF), UInt8((p >> 16) & 0xFF)]
            }
            out += [UInt8](repeating: 0, count: pitch - image.width * 3)
        }
        return out
    }
}
