import Foundation
import VitrineMedia

/// Runs the built `vitrine` executable and captures what it prints.
struct CLIRunner {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The executable next to the test bundle (`swift build` puts both in the same folder).
    static var executable: String {
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [
            bundleDir, bundleDir.deletingLastPathComponent(),
            bundleDir.deletingLastPathComponent().deletingLastPathComponent(),
        ] {
            let candidate = dir.appendingPathComponent("vitrine").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/vitrine").path
    }

    static func run(_ args: [String], environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = args
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting, so a chatty child cannot block.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
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
