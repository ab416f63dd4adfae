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

/// Test images: BMP written by the shared `TestPictures`, and images read back.
enum TestImage {
    static func writeBMP(_ path: String, width: Int, height: Int, color: (UInt8, UInt8, UInt8)) throws {
        try writeBMP(path, width: width, height: height) { _, _ in color }
    }

    static func writeBMP(
        _ path: String, width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8)
    ) throws {
        try TestPictures.writeBMP(path, width: width, height: height, pixel: pixel)
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
