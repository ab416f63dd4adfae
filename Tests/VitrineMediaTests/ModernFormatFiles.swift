import Foundation
import VitrineCore
import VitrineMedia
import VitrineTestSupport

/// HEIC, AVIF and JPEG XL files made at test time from a demo photo with the
/// formats' own encoders (`heif-enc`, `cjxl`), and hostile variants of them. Made
/// once for all the tests that use them.
struct ModernFormatFiles: Sendable {
    let folder: URL
    /// The photo's own pixels (its JPEG decoded at full size).
    let source: PixelBuffer

    static let photo = "rocket.jpg"
    /// The demo photos, found from this file's path (the repository's shared assets).
    static var photoPath: String {
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets/demo/\(photo)").path
        return assets
    }

    static let shared: Result<ModernFormatFiles, ToolFailure> = Result { () throws(ToolFailure) in
        try ModernFormatFiles()
    }

    struct ToolFailure: Error, CustomStringConvertible {
        var description: String
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private init() throws(ToolFailure) {
        do {
            folder = try Fixtures.scratchFolder("modern-formats")
            source = try MediaDecoder().decode(Fixtures.fullSize(Self.photoPath)).pixels
            try make()
        } catch let failure as ToolFailure {
            throw failure
        } catch {
            throw ToolFailure(description: "\(error)")
        }
    }

    private func write(_ bytes: [UInt8], _ name: String) throws {
        try Data(bytes).write(to: folder.appendingPathComponent(name))
    }

    /// `image` with its alpha falling from opaque at the left to about a fifth at the right.
    static func withAlpha(_ image: PixelBuffer) -> PixelBuffer {
        var out = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                let alpha = UInt32(255 - 200 * x / max(1, image.width - 1))
                out[x, y] = (image[x, y] & 0x00FF_FFFF) | alpha << 24
            }
        }
        return out
    }

    /// Writes `image` as a PNG the project's encoder cannot make: 8-bit RGBA (its alpha kept),
    /// or 16-bit RGB (each channel's 8 bits widened, v × 257). Python's zlib does the deflate.
    private func writePNG(_ image: PixelBuffer, _ name: String, depth: Int) throws {
        var raw = [UInt8]()
        raw.reserveCapacity(image.width * image.height * 4)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                raw += [UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF), UInt8(p >> 24)]
            }
        }
        try write(raw, name + ".rgba")
        let script = """
            import struct, sys, zlib
            raw, w, h, depth, out = open(sys.argv[1], "rb").read(), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
            rows = bytearray()
            for y in range(h):
                rows.append(0)
                line = raw[y * w * 4:(y + 1) * w * 4]
                if depth == 8:
                    rows += line
                else:
                    for x in range(w):
                        for v in line[x * 4:x * 4 + 3]:
                            rows += struct.pack(">H", v * 257)
            def chunk(kind, data):
                return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
            head = struct.pack(">IIBBBBB", w, h, depth, 6 if depth == 8 else 2, 0, 0, 0)
            png = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(bytes(rows))) + chunk(b"IEND", b"")
            open(out, "wb").write(png)
            """
        try run(
            "/usr/bin/python3",
            ["-c", script, path(name + ".rgba"), "\(image.width)", "\(image.height)", "\(depth)", path(name)])
    }

    private func run(_ tool: String, _ arguments: [String]) throws {
        let output = try ChildProcess.run(arguments, executable: tool)
        guard output.status == 0 else {
            throw ToolFailure(description: "\(tool) \(arguments.joined(separator: " ")): \(output.stderr)")
        }
    }

    private func make() throws {
        guard let png = PNGEncoder.encode(source) else { throw ToolFailure(description: "cannot write the PNG") }
        try write(png, "source.png")
        // Lossless: the decoded pixels are the photo's own, so the comparison is exact.
        let lossless = ["-L", "-p", "chroma=444", "--matrix_coefficients=0"]
        try run("/usr/bin/heif-enc", lossless + [path("source.png"), "-o", path("lossless.heic")])
        try run("/usr/bin/heif-enc", ["-A"] + lossless + [path("source.png"), "-o", path("lossless.avif")])
        try run("/usr/bin/cjxl", ["-d", "0", path("source.png"), path("lossless.jxl")])
        // Lossy, as cameras and phones write them.
        try run("/usr/bin/heif-enc", ["-q", "90", path("source.png"), "-o", path("lossy.heic")])
        try run("/usr/bin/heif-enc", ["-A", "-q", "90", path("source.png"), "-o", path("lossy.avif")])
        try run("/usr/bin/cjxl", ["-d", "1", path("source.png"), path("lossy.jxl")])

        // An iPhone-like grid: 2×2 tiles, the last row padded, joined into one image.
        let tileWidth = (source.width + 1) / 2
        let tileHeight = (source.height + 1) / 2
        var tileNames: [String] = []
        for row in 0..<2 {
            for column in 0..<2 {
                var tile = PixelBuffer(width: tileWidth, height: tileHeight, color: 0xFF00_0000)
                for y in 0..<tileHeight {
                    for x in 0..<tileWidth {
                        let sx = min(source.width - 1, column * tileWidth + x)
                        let sy = min(source.height - 1, row * tileHeight + y)
                        tile[x, y] = source[sx, sy]
                    }
                }
                guard let bytes = PNGEncoder.encode(tile) else { throw ToolFailure(description: "cannot write a tile") }
                let name = "tile\(row)\(column).png"
                try write(bytes, name)
                tileNames.append(path(name))
            }
        }
        try run("/usr/bin/heif-enc", lossless + tileNames + ["-o", path("tiles.heic")])
        let tiles = [UInt8](try Data(contentsOf: folder.appendingPathComponent("tiles.heic")))
        try write(
            HEIFGridWriter.grid(
                from: tiles, tiles: [1, 2, 3, 4], columns: 2, rows: 2, width: source.width, height: source.height),
            "grid.heic")
        try write(
            HEIFGridWriter.grid(
                from: tiles, tiles: [1, 2, 3, 4], columns: 2, rows: 2, width: source.width, height: source.height,
                quarterTurns: 1),
            "rotated.heic")

        // A photo with an alpha plane (see-through to the right), and one of 10 bits a channel.
        let alpha = Self.withAlpha(source)
        try writePNG(alpha, "alpha.png", depth: 8)
        try run("/usr/bin/heif-enc", lossless + [path("alpha.png"), "-o", path("alpha.heic")])
        try run("/usr/bin/heif-enc", ["-A"] + lossless + [path("alpha.png"), "-o", path("alpha.avif")])
        try writePNG(source, "deep.png", depth: 16)
        try run("/usr/bin/heif-enc", lossless + ["-b", "10", path("deep.png"), "-o", path("deep.heic")])

        // Hostile variants.
        try write(
            HEIFGridWriter.grid(
                from: tiles, tiles: Array(repeating: 1, count: 10_000), columns: 100, rows: 100,
                width: 100 * tileWidth, height: 100 * tileHeight),
            "ten-thousand-tiles.heic")
        for name in ["lossy.heic", "lossy.avif", "lossy.jxl"] {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            try write(Array(bytes.prefix(bytes.count / 2)), "truncated-" + name)
            var flipped = bytes
            for i in stride(from: bytes.count / 3, to: bytes.count, by: 97) { flipped[i] ^= 0x5A }
            try write(flipped, "flipped-" + name)
        }
        // A HEIC whose size boxes say 60000×60000.
        var huge = [UInt8](try Data(contentsOf: folder.appendingPathComponent("lossy.heic")))
        let ispe = Array("ispe".utf8)
        for i in 0..<(huge.count - 16) where Array(huge[i..<(i + 4)]) == ispe {
            huge.replaceSubrange((i + 8)..<(i + 16), with: HEIFGridWriter.u32(60000) + HEIFGridWriter.u32(60000))
        }
        try write(huge, "huge.heic")
    }
}
