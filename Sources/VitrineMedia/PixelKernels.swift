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

    /// Horizontal interpolation straight from a source row: `out[i]` = the pair of
    /// pixels starting at `source[starts[i]]` (one 8-byte load), each channel
    /// (left·(128 − f) + right·f) / 128 with `weights[i]` = (128 − f ×4, f ×4).
    @inline(never)
    static func interpolatePairs(
        _ source: UnsafePointer<UInt32>, starts: UnsafePointer<Int32>, weights: UnsafePointer<SIMD8<UInt16>>,
        into out: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        let raw = UnsafeRawPointer(source)
        for i in 0..<count {
            let pair = raw.loadUnaligned(fromByteOffset: Int(starts[i]) &* 4, as: SIMD8<UInt8>.self)
            let weighted = SIMD8<UInt16>(truncatingIfNeeded: pair) &* weights[i]
            let sum = (weighted.lowHalf &+ weighted.highHalf) &>> 7
            out[i] = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: sum), to: UInt32.self)
        }
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
            out.update(from: upper, count: count)
            return
        }
        let a = UnsafeRawPointer(upper).assumingMemoryBound(to: UInt8.self)
        let b = UnsafeRawPointer(lower).assumingMemoryBound(to: UInt8.self)
        let o = UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt8.self)
        let g = 128 &- f
        for j in 0..<(count * 4) {
            o[j] = UInt8(truncatingIfNeeded: (UInt16(a[j]) &* g &+ UInt16(b[j]) &* f) &>> 7)
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
