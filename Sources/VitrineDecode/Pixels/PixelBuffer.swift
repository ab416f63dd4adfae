import VitrineBase

/// Decoded pixels, row-major, one `UInt32` a pixel as 0xAARRGGBB (SDL's ARGB8888).
public struct PixelBuffer: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "pixel count must match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A buffer filled with one colour.
    public init(width: Int, height: Int, color: UInt32) {
        self.init(width: width, height: height, pixels: Array(repeating: color, count: width * height))
    }

    public var size: Size { Size(width: Double(width), height: Double(height)) }
    public var byteCount: Int { pixels.count * 4 }

    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// Packs 8-bit channels into ARGB8888.
    public static func argb(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> UInt32 {
        UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }
}
