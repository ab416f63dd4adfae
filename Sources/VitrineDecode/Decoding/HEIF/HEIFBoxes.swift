/// What libheif would take on trust, read from a HEIF file's boxes before it is
/// handed over: how many tiles its images are made of (the `dimg` references of
/// `iref`). A grid of thousands of tiles costs a decoder each, so it is refused
/// before decoding, whatever its pixel size.
enum HEIFBoxes {
    /// The most tiles the images of one file may reference in all: a 48-megapixel
    /// phone photo has 192, an iPhone's 12-megapixel one 48.
    static let maxTiles = 1024

    /// The file's first bytes read to find its `meta` box when the file itself is handed to libheif.
    static let headBytes = 64 << 10

    /// The number of `dimg` references in the file's `meta` box; nil when the boxes
    /// are not readable (libheif then says what is wrong) or, when `b` is not the `whole`
    /// file but its first bytes, when the `meta` box does not end within them.
    static func derivedImageReferences(_ b: UnsafeRawBufferPointer, whole: Bool = true) -> Int? {
        guard let meta = child("meta", in: 0..<b.count, of: b, whole: whole) else { return nil }
        // `meta` is a full box: 4 bytes of version and flags before its children.
        guard meta.lowerBound + 4 <= meta.upperBound,
            let iref = child("iref", in: (meta.lowerBound + 4)..<meta.upperBound, of: b),
            iref.count >= 4
        else { return 0 }
        let wide = b[iref.lowerBound] != 0  // version 1: 32-bit item IDs
        let idBytes = wide ? 4 : 2
        var i = iref.lowerBound + 4
        var total = 0
        while i + 8 <= iref.upperBound {
            let size = Int(be32(b, i))
            guard size >= 8, i + size <= iref.upperBound else { return nil }
            let isDimg = b[i + 4] == 0x64 && b[i + 5] == 0x69 && b[i + 6] == 0x6D && b[i + 7] == 0x67
            let countAt = i + 8 + idBytes
            if isDimg {
                guard countAt + 2 <= i + size else { return nil }
                total += Int(b[countAt]) << 8 | Int(b[countAt + 1])
            }
            i += size
        }
        return total
    }

    /// The payload range of the first box named `type` directly inside `range`.
    private static func child(
        _ type: String, in range: Range<Int>, of b: UnsafeRawBufferPointer, whole: Bool = true
    ) -> Range<Int>? {
        let name = Array(type.utf8)
        var i = range.lowerBound
        while i + 8 <= range.upperBound {
            var size = Int(be32(b, i))
            var header = 8
            if size == 1 {
                guard i + 16 <= range.upperBound else { return nil }
                size = Int(clamping: UInt64(be32(b, i + 8)) << 32 | UInt64(be32(b, i + 12)))
                header = 16
            } else if size == 0 {
                // To the end of the file: known only when `b` is the whole of it.
                guard whole else { return nil }
                size = range.upperBound - i
            }
            guard size >= header, size <= range.upperBound - i else { return nil }
            if b[i + 4] == name[0] && b[i + 5] == name[1] && b[i + 6] == name[2] && b[i + 7] == name[3] {
                return (i + header)..<(i + size)
            }
            i += size
        }
        return nil
    }

    private static func be32(_ b: UnsafeRawBufferPointer, _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
}
