/// An image container recognised from its first bytes, never from the file name.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg
    case png
    case webp
    case gif
    case bmp
    case tiff
    case ico
    case qoi
    case pnm
    case pcx
    case heif
    case avif
    case jxl
    case xcf
    case svg

    /// How many leading bytes `sniff` looks at.
    public static let sniffLength = 512

    /// The format the bytes start with, or nil when no known signature matches.
    public static func sniff(_ bytes: some Collection<UInt8>) -> ImageFormat? {
        let head = Array(bytes.prefix(sniffLength))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<offset + magic.count]) == magic
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }

        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if ascii("RIFF"), ascii("WEBP", at: 8) { return .webp }
        if ascii("GIF87a") || ascii("GIF89a") { return .gif }
        if ascii("BM"), head.count >= 26 { return .bmp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts([0x00, 0x00, 0x01, 0x00]) || starts([0x00, 0x00, 0x02, 0x00]) { return .ico }
        if ascii("qoif") { return .qoi }
        if head.count >= 3, head[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(head[1]),
            [0x20, 0x09, 0x0A, 0x0D].contains(head[2])
        {
            return .pnm
        }
        if head.count >= 4, head[0] == 0x0A, head[1] <= 5, head[2] == 1 { return .pcx }
        if ascii("ftyp", at: 4), let still = isoStill(head) { return still }
        if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return .jxl }
        if ascii("gimp xcf") { return .xcf }
        if isSVG(head) { return .svg }
        return nil
    }

    /// The type name SDL2_image's `IMG_LoadTyped_RW` takes.
    var sdlType: String {
        switch self {
        case .jpeg: return "JPG"
        case .png: return "PNG"
        case .webp: return "WEBP"
        case .gif: return "GIF"
        case .bmp: return "BMP"
        case .tiff: return "TIF"
        case .ico: return "ICO"
        case .qoi: return "QOI"
        case .pnm: return "PNM"
        case .pcx: return "PCX"
        case .heif: return "HEIF"
        case .avif: return "AVIF"
        case .jxl: return "JXL"
        case .xcf: return "XCF"
        case .svg: return "SVG"
        }
    }

    /// Why bytes with no known signature are not an image, for the log line.
    public static func unrecognisedReason(_ bytes: some Collection<UInt8>) -> String {
        let head = Array(bytes.prefix(sniffLength))
        if looksLikeText(head) {
            return
                "not an image: the file holds text (no image signature in its first bytes); remove it from the folder"
        }
        let hex = head.prefix(8).map { String($0, radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }
        return "not a known image format (first bytes \(hex.joined(separator: " "))); "
            + "convert it to JPEG, PNG or WebP, or remove it from the folder"
    }

    /// An ISO base media file whose major or compatible brands name a still image:
    /// AVIF (`avif`, `avis`) or HEIF (HEVC-coded `heic`/`heix`, or the generic `mif1`/`msf1`).
    private static func isoStill(_ head: [UInt8]) -> ImageFormat? {
        guard head.count >= 12 else { return nil }
        let size = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        let end = min(max(size, 12), head.count)
        var brands = [String(decoding: head[8..<12], as: UTF8.self)]
        var i = 16
        while i + 4 <= end {
            brands.append(String(decoding: head[i..<(i + 4)], as: UTF8.self))
            i += 4
        }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .avif }
        let heif: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]
        return brands.contains(where: heif.contains) ? .heif : nil
    }

    /// SVG is text: an XML or `<svg` start with an `<svg` element near the top.
    private static func isSVG(_ head: [UInt8]) -> Bool {
        guard looksLikeText(head) else { return false }
        let text = String(decoding: head, as: UTF8.self).lowercased()
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard
            trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<svg") || trimmed.hasPrefix("<!--")
                || trimmed.hasPrefix("<!doctype svg")
        else { return false }
        return text.contains("<svg")
    }

    /// Printable ASCII or UTF-8 with the usual whitespace, no NUL bytes.
    static func looksLikeText(_ head: [UInt8]) -> Bool {
        guard !head.isEmpty, !head.contains(0) else { return false }
        let controls = head.filter { $0 < 0x20 && ![0x09, 0x0A, 0x0D, 0x0C].contains($0) }.count
        guard controls == 0 else { return false }
        // Valid UTF-8, allowing a sequence cut by the end of the window.
        for cut in 0...min(3, head.count - 1) where cut == 0 || head.count == sniffLength {
            if String(validating: head.dropLast(cut), as: UTF8.self) != nil { return true }
        }
        return false
    }
}
