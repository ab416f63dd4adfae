import Foundation

/// Small BMP pictures for shows run by the tests: each slide two solid colours (top and
/// bottom half), so a picture of the screen tells which slide it shows and that it is upright.
public enum TestPictures {
    /// The colours of slide `i`: top half, bottom half.
    public static func colors(_ i: Int) -> (top: (UInt8, UInt8, UInt8), bottom: (UInt8, UInt8, UInt8)) {
        let palette: [(UInt8, UInt8, UInt8)] = [
            (220, 30, 30), (30, 200, 40), (30, 40, 220), (230, 220, 30), (200, 30, 200), (30, 210, 210),
            (250, 140, 20), (120, 60, 20),
        ]
        return (palette[i % palette.count], palette[(i + 3) % palette.count])
    }

    /// Writes `count` pictures `00.bmp`, `01.bmp`, … of 160×90 into `folder` (name order is slide order).
    public static func write(count: Int, into folder: String) throws {
        for i in 0..<count {
            let (top, bottom) = colors(i)
            try writeBMP(folder + "/" + String(format: "%02d.bmp", i), width: 160, height: 90) { _, y in
                y < 45 ? top : bottom
            }
        }
    }

    /// A 24-bit BMP of `width`×`height`, `pixel(x, y)` from the top left.
    public static func writeBMP(
        _ path: String, width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8)
    ) throws {
        let rowSize = (width * 3 + 3) & ~3
        var data = Data()
        func le32(_ v: Int) {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian) { data.append(contentsOf: $0) }
        }
        func le16(_ v: Int) {
            withUnsafeBytes(of: UInt16(truncatingIfNeeded: v).littleEndian) { data.append(contentsOf: $0) }
        }
        data.append(contentsOf: Array("BM".utf8))
        le32(54 + rowSize * height)
        le32(0)
        le32(54)
        le32(40)
        le32(width)
        le32(height)
        le16(1)
        le16(24)
        le32(0)
        le32(rowSize * height)
        le32(2835)
        le32(2835)
        le32(0)
        le32(0)
        for y in stride(from: height - 1, through: 0, by: -1) {
            var row = [UInt8]()
            for x in 0..<width {
                let (r, g, b) = pixel(x, y)
                row += [b, g, r]
            }
            row += Array(repeating: 0, count: rowSize - width * 3)
            data.append(contentsOf: row)
        }
        try data.write(to: URL(fileURLWithPath: path))
    }
}

extension TestPictures {
    /// Bytes that start like a JPEG (enough for the mirror's magic check), distinct per seed.
    public static func fakeJPEG(_ seed: Int, size: Int = 4096) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00]
        var x = UInt32(truncatingIfNeeded: seed &* 2_654_435_761 &+ 1)
        while bytes.count < size {
            x ^= x << 13
            x ^= x >> 17
            x ^= x << 5
            bytes.append(UInt8(truncatingIfNeeded: x))
        }
        return Data(bytes)
    }
}
