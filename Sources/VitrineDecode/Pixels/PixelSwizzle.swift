/// Interleaved 8-bit RGB and RGBA bytes (libheif's and libjxl's output) turned into
/// 0xAARRGGBB words, a row at a time.
enum PixelSwizzle {
    /// `count` pixels of R, G, B bytes into opaque words.
    static func rgbToARGB(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt32>, count: Int) {
        for x in 0..<count {
            let s = source + 3 * x
            target[x] = 0xFF00_0000 | UInt32(s[0]) << 16 | UInt32(s[1]) << 8 | UInt32(s[2])
        }
    }

    /// `count` pixels of R, G, B, A bytes into words, alpha kept (flattened later).
    static func rgbaToARGB(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt32>, count: Int) {
        let raw = UnsafeRawPointer(source)
        for x in 0..<count {
            // Little-endian RGBA bytes read as 0xAABBGGRR: swap red and blue.
            let p = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self))
            target[x] = (p & 0xFF00_FF00) | (p & 0x0000_00FF) << 16 | (p & 0x00FF_0000) >> 16
        }
    }
}
