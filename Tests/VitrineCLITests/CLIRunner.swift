import Foundation
import VitrineMedia
import VitrineTestSupport

/// Runs the built `vitrine` executable to its end and captures what it prints (through the
/// one child-process runner of the tests, `ChildProcess`).
enum CLIRunner {
    typealias Output = ChildProcess.Output

    /// The built `vitrine`.
    static var executable: String { ChildProcess.binary }

    static func run(_ args: [String], environment: [String: String] = [:]) throws -> Output {
        try ChildProcess.run(args, environment: environment)
    }
}

/// A temporary folder removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.path
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Writes test images without any library: uncompressed 24-bit BMP.
enum TestImage {
    static func writeBMP(_ path: String, width: Int, height: Int, color: (UInt8, UInt8, UInt8)) throws {
        try writeBMP(path, width: width, height: height) { _, _ in color }
    }

    static func writeBMP(
        _ path: String, width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8)
    ) throws {
        let rowSize = (width * 3 + 3) & ~3
        let imageSize = rowSize * height
        var data = Data()
        func le32(_ v: Int) {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian) { data.append(contentsOf: $0) }
        }
        func le16(_ v: Int) {
            withUnsafeBytes(of: UInt16(truncatingIfNeeded: v).littleEndian) { data.append(contentsOf: $0) }
        }
        data.append(contentsOf: Array("BM".utf8))
        le32(54 + imageSize)
        le32(0)
        le32(54)
        le32(40)
        le32(width)
        le32(height)
        le16(1)
        le16(24)
        le32(0)
        le32(imageSize)
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

    /// Reads a PNG (or any image) back as pixels.
    static func read(_ path: String) throws -> PixelBuffer {
        try SDLImageDecoder().load(path)
    }
}

extension PixelBuffer {
    /// The (r, g, b) of a pixel.
    func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let p = self[x, y]
        return (Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF))
    }
}
