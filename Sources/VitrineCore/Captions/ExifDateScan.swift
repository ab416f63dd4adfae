/// The date a JPEG was taken, found in the first bytes of its file without decoding it: the
/// EXIF block's DateTimeOriginal (else IFD0's DateTime) and OffsetTimeOriginal. For `memories`
/// items, whose photos are picked by that date while their folder is listed. Bad or missing
/// data gives nil, never a crash: every offset is checked against the bytes read.
public enum ExifDateScan {
    /// How many bytes of a file to read: the EXIF block sits at the start of a JPEG.
    public static let prefixLength = 128 * 1024

    public static func taken(_ bytes: [UInt8]) -> TakenDate? {
        guard let tiff = tiffRange(bytes) else { return nil }
        let block = Array(bytes[tiff])
        guard block.count >= 8 else { return nil }
        let little: Bool
        switch (block[0], block[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= block.count else { return nil }
            return little ? Int(block[at]) | Int(block[at + 1]) << 8 : Int(block[at]) << 8 | Int(block[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        /// The IFD at `offset`: tag → (type, count, value or offset field position).
        func entries(_ offset: Int) -> [Int: (type: Int, count: Int, field: Int)] {
            guard let n = u16(offset), n < 1000 else { return [:] }
            var out: [Int: (Int, Int, Int)] = [:]
            for i in 0..<n {
                let at = offset + 2 + 12 * i
                guard let tag = u16(at), let type = u16(at + 2), let count = u32(at + 4) else { break }
                out[tag] = (type, count, at + 8)
            }
            return out
        }
        func ascii(_ entry: (type: Int, count: Int, field: Int)?) -> String? {
            guard let entry, entry.type == 2, entry.count > 0, entry.count < 64 else { return nil }
            let start = entry.count <= 4 ? entry.field : (u32(entry.field) ?? -1)
            guard start >= 0, start + entry.count <= block.count else { return nil }
            let bytes = block[start..<(start + entry.count)].prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        guard let first = u32(4) else { return nil }
        let ifd0 = entries(first)
        var exif: [Int: (type: Int, count: Int, field: Int)] = [:]
        if let pointer = ifd0[0x8769], let offset = u32(pointer.field) { exif = entries(offset) }
        let date = ascii(exif[0x9003]) ?? ascii(ifd0[0x0132])
        return TakenDate(date, offset: ascii(exif[0x9011]) ?? ascii(exif[0x9010]))
    }

    /// Where the TIFF header of a JPEG's APP1 `Exif` segment is.
    static func tiffRange(_ bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2 else { return nil }
            let start = i + 4
            let end = min(bytes.count, i + 2 + length)
            if marker == 0xE1, end - start > 6,
                bytes[start..<(start + 6)].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0])
            {
                return (start + 6)..<end
            }
            i += 2 + length
        }
        return nil
    }
}
