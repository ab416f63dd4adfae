/// Fixed-point pixel arithmetic on ARGB8888 words: the four channels are
/// spread into 16-bit lanes of a 64-bit word so one multiply serves all four.
enum PixelBlend {
    static let laneMask: UInt64 = 0x00FF_00FF_00FF_00FF

    /// 0xAARRGGBB → 16-bit lanes: B at bit 0, R at 16, G at 32, A at 48.
    @inline(__always)
    static func spread(_ p: UInt32) -> UInt64 {
        let v = UInt64(p)
        return (v & 0x00FF_00FF) | ((v & 0xFF00_FF00) << 24)
    }

    @inline(__always)
    static func pack(_ lanes: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: (lanes & 0x00FF_00FF) | ((lanes >> 24) & 0xFF00_FF00))
    }

    /// Each lane divided by 255, rounded (exact for lanes up to 255·255).
    @inline(__always)
    static func divide255(_ x: UInt64) -> UInt64 {
        let t = x &+ 0x0080_0080_0080_0080
        return ((t &+ ((t >> 8) & laneMask)) >> 8) & laneMask
    }

    /// `source` over `destination` at coverage `alpha` (0…255): (s·a + d·(255−a)) / 255 per channel.
    @inline(__always)
    static func mix(_ source: UInt32, _ destination: UInt32, alpha: UInt64) -> UInt32 {
        pack(divide255(spread(source) &* alpha &+ spread(destination) &* (255 &- alpha)))
    }

    /// Linear interpolation of spread pixels with a 7-bit fraction (0…128),
    /// truncated, as SDL's linear stretch does, so both draw the same pixels.
    @inline(__always)
    static func lerp(_ a: UInt64, _ b: UInt64, _ f: UInt64) -> UInt64 {
        ((a &* (128 &- f) &+ b &* f) >> 7) & laneMask
    }
}
