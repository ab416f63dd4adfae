import Foundation

/// A tiny PNG writer for tests: 8-bit grey, stored (uncompressed) deflate blocks.
enum PNGWriter {
    static func gray(width: Int, height: Int, pixels: [UInt8]) -> Data {
        var raw = Data()
        for y in 0..<height {
            raw.append(0)
            raw.append(contentsOf: pixels[(y * width)..<((y + 1) * width)])
        }
        var zlib = Data([0x78, 0x01])
        var offset = 0
        repeat {
            let count = min(65535, raw.count - offset)
            let last: UInt8 = offset + count >= raw.count ? 1 : 0
            zlib.append(last)
            zlib.append(contentsOf: [
                UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF),
            ])
            zlib.append(raw[offset..<(offset + count)])
            offset += count
        } while offset < raw.count
        zlib.append(contentsOf: bigEndian(adler32(raw)))
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data(bigEndian(UInt32(width)) + bigEndian(UInt32(height)))
        header.append(contentsOf: [8, 0, 0, 0, 0])
        png.append(chunk("IHDR", header))
        png.append(chunk("IDAT", zlib))
        png.append(chunk("IEND", Data()))
        return png
    }

    static func chunk(_ type: String, _ data: Data) -> Data {
        var out = Data(bigEndian(UInt32(data.count)))
        let body = Data(type.utf8) + data
        out.append(body)
        out.append(contentsOf: bigEndian(crc32(body)))
        return out
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ data: Data) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return (b << 16) | a
    }
}
