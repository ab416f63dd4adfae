import Foundation
import VitrineCore
import VitrineMedia
import VitrineTestSupport

/// Files made to break decoders, written by the tests into a scratch folder,
/// plus one good image to show that the next file still decodes.
enum HostileFiles {
    /// The hostile files' names, in the order they are made.
    static let names = [
        "chunk-past-end.png", "truncated.jpg", "huge-header.png", "huge-header.gif", "empty.jpg", "notes.jpg",
        "folder.png", "truncated-progressive.jpg", "truncated.webp", "huge-header.webp", "garbage.webp",
        "truncated.bmp",
    ]
    static let good = "good.jpg"

    /// Writes every hostile file and the good image into `folder`.
    static func write(into folder: URL) throws {
        func put(_ name: String, _ bytes: [UInt8]) throws {
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        }
        // A PNG whose IDAT claims far more bytes than the file holds.
        var png = signature + chunk("IHDR", ihdr(width: 16, height: 16))
        png += be32(0x7FFF_FFF0) + Array("IDAT".utf8) + [0x78, 0x9C, 0x01, 0x02]
        try put("chunk-past-end.png", png)
        let jpeg = goodJPEG()
        try put("truncated.jpg", Array(jpeg.prefix(jpeg.count / 2)))
        try put("huge-header.png", signature + chunk("IHDR", ihdr(width: 65535, height: 65535)) + chunk("IEND", []))
        try put("huge-header.gif", Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x3B])
        try put("empty.jpg", [])
        try put("notes.jpg", Array("Shopping list:\n- frames\n- batteries\n".utf8))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("folder.png"), withIntermediateDirectories: false)
        let progressive = JPEGEncoder.encode(goodPicture(), progressive: true) ?? []
        try put("truncated-progressive.jpg", Array(progressive.prefix(progressive.count / 2)))
        let webp = WebPEncoder.encode(goodPicture()) ?? []
        try put("truncated.webp", Array(webp.prefix(webp.count / 2)))
        // A lossless header claiming 16384x16384.
        try put(
            "huge-header.webp",
            Array("RIFF".utf8) + [0x20, 0, 0, 0] + Array("WEBPVP8L".utf8) + [0x10, 0, 0, 0, 0x2F]
                + [0xFF, 0xFF, 0xFF, 0x0F] + [UInt8](repeating: 0, count: 12))
        try put(
            "garbage.webp",
            Array("RIFF".utf8) + [0x40, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [UInt8](repeating: 0x5A, count: 60))
        let bmpPath = folder.appendingPathComponent("truncated.bmp").path
        try TestPictures.writeBMP(bmpPath, width: 40, height: 30) { x, y in (UInt8(x * 6), UInt8(y * 8), 128) }
        let bmp = try Data(contentsOf: URL(fileURLWithPath: bmpPath))
        try put("truncated.bmp", Array(bmp.prefix(bmp.count / 3)))
        try put(good, jpeg)
    }

    /// A 96x64 JPEG with detail in it.
    static func goodJPEG() -> [UInt8] {
        JPEGEncoder.encode(goodPicture()) ?? []
    }

    static func goodPicture() -> PixelBuffer {
        var pixels = PixelBuffer(width: 96, height: 64, color: 0)
        for y in 0..<64 {
            for x in 0..<96 {
                pixels[x, y] = PixelBuffer.argb(UInt8(x * 2), UInt8(y * 3), UInt8((x ^ y) & 0xFF))
            }
        }
        return pixels
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func ihdr(width: Int, height: Int) -> [UInt8] {
        be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
