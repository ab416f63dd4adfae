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

    /// Per-pixel horizontal interpolation: `left`·(128 − f) + `right`·f, f given per byte.
    @inline(never)
    static func interpolate(
        _ left: UnsafePointer<UInt32>, _ right: UnsafePointer<UInt32>, fractions: UnsafePointer<UInt8>,
        into out: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        let l = UnsafeRawPointer(left).assumingMemoryBound(to: UInt8.self)
        let r = UnsafeRawPointer(right).assumingMemoryBound(to: UInt8.self)
        let o = UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt8.self)
        for j in 0..<(count * 4) {
            let f = UInt16(fractions[j])
            o[j] = UInt8(truncatingIfNeeded: (UInt16(l[j]) &* (128 &- f) &+ UInt16(r[j]) &* f) &>> 7)
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

    /// `left[i]`, `right[i]` = the two adjacent pixels starting at `source[index[i]]`, read with one 8-byte load.
    @inline(never)
    static func gatherPairs(
        _ source: UnsafePointer<UInt32>, indices: UnsafePointer<Int32>, left: UnsafeMutablePointer<UInt32>,
        right: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        let raw = UnsafeRawPointer(source)
        for i in 0..<count {
            let pair = raw.loadUnaligned(fromByteOffset: Int(indices[i]) &* 4, as: UInt64.self)
            left[i] = UInt32(truncatingIfNeeded: pair)
            right[i] = UInt32(truncatingIfNeeded: pair >> 32)
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
