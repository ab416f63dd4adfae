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
        case gif
        case tiff
        case heic
        case avif
        case jxl

        var label: String {
            switch self {
            case .baseline: return "baseline JPEG"
            case .progressive: return "progressive JPEG"
            case .png: return "PNG"
            case .webp: return "WebP (lossy)"
            case .bmp: return "BMP"
            case .gif: return "GIF"
            case .tiff: return "TIFF"
            case .heic: return "HEIC (q 90)"
            case .avif: return "AVIF (q 90)"
            case .jxl: return "JPEG XL (d 1)"
            }
        }

        var size: (width: Int, height: Int) {
            switch self {
            case .baseline, .progressive: return (6000, 4000)
            case .png, .webp, .bmp, .gif, .tiff, .heic, .avif, .jxl: return (4000, 3000)
            }
        }

        var fileName: String {
            switch self {
            case .baseline: return "baseline.jpg"
            case .progressive: return "progressive.jpg"
            case .png: return "photo.png"
            case .webp: return "photo.webp"
            case .bmp: return "photo.bmp"
            case .gif: return "photo.gif"
            case .tiff: return "photo.tif"
            case .heic: return "photo.heic"
            case .avif: return "photo.avif"
            case .jxl: return "photo.jxl"
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
        case .gif: bytes = gif(picture)
        case .tiff: bytes = tiff(picture)
        case .heic, .avif, .jxl:
            try encodeWithTool(kind, picture, into: url)
            return url.path
        }
        guard let bytes else { throw BenchError("cannot make the \(w)x\(h) \(kind.label) test file") }
        try Data(bytes).write(to: url)
        return url.path
    }

    /// HEIC and AVIF through `heif-enc`, JPEG XL through `cjxl`, from a PNG of the picture.
    private static func encodeWithTool(_ kind: Kind, _ picture: PixelBuffer, into url: URL) throws {
        guard let png = PNGEncoder.encode(picture) else { throw BenchError("cannot make the PNG to encode") }
        let source = url.deletingLastPathComponent().appendingPathComponent("source-\(kind.rawValue).png")
        try Data(png).write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        let (tool, arguments): (String, [String])
        switch kind {
        case .heic: (tool, arguments) = ("/usr/bin/heif-enc", ["-q", "90", source.path, "-o", url.path])
        case .avif: (tool, arguments) = ("/usr/bin/heif-enc", ["-A", "-q", "90", source.path, "-o", url.path])
        default: (tool, arguments) = ("/usr/bin/cjxl", ["-d", "1", "--quiet", source.path, url.path])
        }
        try BenchTool.run(
            tool, arguments, package: kind == .jxl ? "libjxl-tools" : "libheif-examples",
            failure: "could not make \(url.lastPathComponent)")
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

    /// An uncompressed 8-bit RGB TIFF, one strip.
    static func tiff(_ image: PixelBuffer) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> ($0 * 8)) & 0xFF) } }
        let entries = 10
        let bitsAt = 8 + 2 + entries * 12 + 4
        let dataAt = bitsAt + 6
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int) -> [UInt8] {
            le16(tag) + le16(type) + le32(count) + (type == 3 && count == 1 ? le16(value) + [0, 0] : le32(value))
        }
        var out: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + le32(8) + le16(entries)
        out += entry(256, 4, 1, image.width) + entry(257, 4, 1, image.height) + entry(258, 3, 3, bitsAt)
        out += entry(259, 3, 1, 1) + entry(262, 3, 1, 2) + entry(273, 4, 1, dataAt) + entry(277, 3, 1, 3)
        out += entry(278, 4, 1, image.height) + entry(279, 4, 1, image.width * image.height * 3)
        out += entry(284, 3, 1, 1) + le32(0) + le16(8) + le16(8) + le16(8)
        out.reserveCapacity(dataAt + image.width * image.height * 3)
        for p in image.pixels { out += [UInt8((p >> 16) & 0xFF), UInt8((p >> 8) & 0xFF), UInt8(p & 0xFF)] }
        return out
    }

    /// A GIF in a 3-3-2 palette; its LZW stream holds only literal codes (a clear code
    /// every 250 keeps them 9 bits wide), which any decoder reads.
    static func gif(_ image: PixelBuffer) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        var out: [UInt8] = Array("GIF89a".utf8) + le16(image.width) + le16(image.height) + [0xF7, 0, 0]
        for i in 0..<256 {
            out += [UInt8((i >> 5) * 255 / 7), UInt8(((i >> 2) & 7) * 255 / 7), UInt8((i & 3) * 255 / 3)]
        }
        out += [0x2C] + le16(0) + le16(0) + le16(image.width) + le16(image.height) + [0, 8]
        var codes: [UInt8] = []
        codes.reserveCapacity(image.pixels.count * 9 / 8 + 16)
        var bits: UInt32 = 0
        var count: UInt32 = 0
        func put(_ code: UInt32) {
            bits |= code << count
            count += 9
            while count >= 8 {
                codes.append(UInt8(bits & 0xFF))
                bits >>= 8
                count -= 8
            }
        }
        for (i, p) in image.pixels.enumerated() {
            if i % 250 == 0 { put(256) }
            put((p >> 16) & 0xE0 | (p >> 11) & 0x1C | (p >> 6) & 0x03)
        }
        put(257)
        if count > 0 { codes.append(UInt8(bits & 0xFF)) }
        var start = 0
        while start < codes.count {
            let n = min(255, codes.count - start)
            out.append(UInt8(n))
            out += codes[start..<(start + n)]
            start += n
        }
        return out + [0, 0x3B]
    }
}
