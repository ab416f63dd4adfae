/// The inner loops of software compositing, written as plain loops over the
/// bytes of ARGB8888 rows (each channel the same arithmetic) so the compiler
/// turns them into SIMD code: 16-bit lanes, 8 or 16 channels an instruction.
/// Coverage `alpha` is in 0…256 (256 = opaque); fractions are 7-bit (0…128),
/// as in SDL's linear stretch.
enum PixelKernels {
    /// `top` over `under` at `alpha`, into `out`: (t·a + u·(256 − a) + 128) / 256 per channel.
    /// `under` and `out` may be the same row.
    @inline(never)
    static func blend(
        _ top: UnsafePointer<UInt32>, over under: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>,
        count: Int, alpha: UInt16
    ) {
        let t = UnsafeRawPointer(top).assumingMemoryBound(to: UInt8.self)
        let u = UnsafeRawPointer(under).assumingMemoryBound(to: UInt8.self)
        let o = UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt8.self)
        let keep = 256 &- alpha
        for j in 0..<(count * 4) {
            o[j] = UInt8(truncatingIfNeeded: (UInt16(t[j]) &* alpha &+ UInt16(u[j]) &* keep &+ 128) &>> 8)
        }
    }

    /// `top` over `out` at `alpha`, in place. (A separate loop from `blend`: with
    /// `under` and `out` the same pointer the compiler's overlap check would
    /// send that one down its slow scalar path.)
    @inline(never)
    static func blend(_ top: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>, count: Int, alpha: UInt16) {
        let t = UnsafeRawPointer(top).assumingMemoryBound(to: UInt8.self)
        let o = UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt8.self)
        let keep = 256 &- alpha
        for j in 0..<(count * 4) {
            o[j] = UInt8(truncatingIfNeeded: (UInt16(t[j]) &* alpha &+ UInt16(o[j]) &* keep &+ 128) &>> 8)
        }
    }

    /// Vertical interpolation of two rows at fraction `f`, blended over `out` in place at `alpha`.
    @inline(never)
    static func interpolateAndBlend(
        _ upper: UnsafePointer<UInt32>, _ lower: UnsafePointer<UInt32>, fraction f: UInt16,
        into out: UnsafeMutablePointer<UInt32>, count: Int, alpha: UInt16
    ) {
        let a = UnsafeRawPointer(upper).assumingMemoryBound(to: UInt8.self)
        let b = UnsafeRawPointer(lower).assumingMemoryBound(to: UInt8.self)
        let o = UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt8.self)
        let g = 128 &- f
        let keep = 256 &- alpha
        for j in 0..<(count * 4) {
            let v = (UInt16(a[j]) &* g &+ UInt16(b[j]) &* f) &>> 7
            o[j] = UInt8(truncatingIfNeeded: (v &* alpha &+ UInt16(o[j]) &* keep &+ 128) &>> 8)
        }
    }

    /// Per-pixel horizontal interpolation of gathered pairs (see `gatherPairs`):
    /// left·(128 − f) + right·f, shifted down by 7, with `fractions[i]` = f | f << 16.
    /// Packed: red and blue, then alpha and green, each in the 16-bit halves of a
    /// 32-bit lane (the 0x00FF00FF trick), four pixels an instruction.
    @inline(never)
    static func interpolate(
        pairs: UnsafePointer<UInt64>, fractions: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>,
        count: Int
    ) {
        let p = UnsafeRawPointer(pairs)
        let w = UnsafeRawPointer(fractions)
        let o = UnsafeMutableRawPointer(out)
        var i = 0
        while i &+ 4 <= count {
            let first = p.loadUnaligned(fromByteOffset: i &* 8, as: SIMD4<UInt32>.self)
            let second = p.loadUnaligned(fromByteOffset: i &* 8 &+ 16, as: SIMD4<UInt32>.self)
            let left = SIMD4<UInt32>(first[0], first[2], second[0], second[2])
            let right = SIMD4<UInt32>(first[1], first[3], second[1], second[3])
            let f = unsafeBitCast(w.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self), to: Lanes.self)
            o.storeBytes(of: lerp(left, right, f), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            i &+= 4
        }
        while i < count {
            out[i] = lerp(
                UInt32(truncatingIfNeeded: pairs[i]), UInt32(truncatingIfNeeded: pairs[i] &>> 32), fractions[i] & 0xFF)
            i &+= 1
        }
    }

    /// Eight 16-bit lanes: two per pixel of four.
    typealias Lanes = SIMD8<UInt16>

    /// a·(128 − f) + b·f, shifted down by 7, per channel of four pixels; `f` in both 16-bit halves of each pixel's lane.
    @inline(__always)
    private static func lerp(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, _ f: Lanes) -> SIMD4<UInt32> {
        let x = unsafeBitCast(a, to: Lanes.self)
        let y = unsafeBitCast(b, to: Lanes.self)
        let low = Lanes(repeating: 0x00FF)
        let g = Lanes(repeating: 128) &- f
        // Each sum is at most 255·128, so it fits its 16-bit lane.
        let redBlue = ((x & low) &* g &+ (y & low) &* f) &>> 7
        let alphaGreen = ((x &>> 8) &* g &+ (y &>> 8) &* f) & Lanes(repeating: 0xFF80)
        return unsafeBitCast(redBlue | (alphaGreen &<< 1), to: SIMD4<UInt32>.self)
    }

    /// The same for one pixel, `f` in 0…128: both channels of a 32-bit half times the one weight.
    @inline(__always)
    private static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let g = 128 &- f
        let redBlue = ((a & 0x00FF_00FF) &* g &+ (b & 0x00FF_00FF) &* f) &>> 7
        let alphaGreen = ((a &>> 8) & 0x00FF_00FF) &* g &+ ((b &>> 8) & 0x00FF_00FF) &* f
        return (redBlue & 0x00FF_00FF) | ((alphaGreen & 0xFF80_FF80) &<< 1)
    }

    /// Vertical interpolation of two rows at fraction `f`, then blended over `under` at `alpha`, into `out`.
    @inline(never)
    static func interpolateAndBlend(
        _ upper: UnsafePointer<UInt32>, _ lower: UnsafePointer<UInt32>, fraction f: UInt16,
        over under: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>, count: Int, alpha: UInt16
    ) {
        let a = UnsafeRawPointer(upper).assumingMemoryBound(to: UInt8.self)
        let b = UnsafeRawPointer(lower).assumingMemoryBound(to: UInt8.self)
        let u = UnsafeRawPointer(under).assumingMemoryBound(to: UInt8.self)
        let o = UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt8.self)
        let g = 128 &- f
        let keep = 256 &- alpha
        for j in 0..<(count * 4) {
            let v = (UInt16(a[j]) &* g &+ UInt16(b[j]) &* f) &>> 7
            o[j] = UInt8(truncatingIfNeeded: (v &* alpha &+ UInt16(u[j]) &* keep &+ 128) &>> 8)
        }
    }

    /// Vertical interpolation of two rows at fraction `f`, into `out`.
    @inline(never)
    static func interpolate(
        _ upper: UnsafePointer<UInt32>, _ lower: UnsafePointer<UInt32>, fraction f: UInt16,
        into out: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        // On a source row exactly: the same values, copied.
        guard f > 0 else {
            copy(upper, into: out, count: count)
            return
        }
        let a = UnsafeRawPointer(upper)
        let b = UnsafeRawPointer(lower)
        let o = UnsafeMutableRawPointer(out)
        let weights = Lanes(repeating: f)
        var i = 0
        while i &+ 4 <= count {
            let x = a.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            let y = b.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            o.storeBytes(of: lerp(x, y, weights), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            i &+= 4
        }
        while i < count {
            out[i] = lerp(upper[i], lower[i], UInt32(f))
            i &+= 1
        }
    }

    /// Each pair of adjacent source pixels starting at `source[index[i]]`, one 8-byte load and store
    /// (the left pixel in the low half).
    @inline(never)
    static func gatherPairs(
        _ source: UnsafePointer<UInt32>, indices: UnsafePointer<Int32>, into pairs: UnsafeMutablePointer<UInt64>,
        count: Int
    ) {
        let raw = UnsafeRawPointer(source)
        for i in 0..<count {
            pairs[i] = raw.loadUnaligned(fromByteOffset: Int(indices[i]) &* 4, as: UInt64.self)
        }
    }

    /// `count` pixels from `source` to `out` (which do not overlap), 16 bytes a
    /// step. Not `memmove`: for rows this long glibc copies with `rep movsb`,
    /// which on some processors runs several times slower whenever source and
    /// destination are not aligned alike (a photo's rows against a surface's).
    @inline(never)
    static func copy(_ source: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>, count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(out)
        let bytes = count &* 4
        var i = 0
        while i &+ 16 <= bytes {
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self), toByteOffset: i,
                as: SIMD16<UInt8>.self)
            i &+= 16
        }
        while i < bytes {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: i, as: UInt32.self), toByteOffset: i, as: UInt32.self)
            i &+= 4
        }
    }

    /// `out[i]` = `source[index[i]]`: one row sampled at the nearest pixels.
    @inline(never)
    static func gather(
        _ source: UnsafePointer<UInt32>, indices: UnsafePointer<Int32>, into out: UnsafeMutablePointer<UInt32>,
        count: Int
    ) {
        for i in 0..<count { out[i] = source[Int(indices[i])] }
    }
}
