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

    /// One source row interpolated horizontally: `out[i]` = left·(128 − f) + right·f,
    /// shifted down by 7, of the pair of source pixels starting at `source[starts[i]]`,
    /// with `fractions[i]` = f | f << 16. Each pair is one 8-byte load straight from
    /// the source row, four pixels packed a step (see `lerp`).
    @inline(never)
    static func interpolate(
        row source: UnsafePointer<UInt32>, starts: UnsafePointer<Int32>, fractions: UnsafePointer<UInt32>,
        into out: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        let s = UnsafeRawPointer(source)
        let w = UnsafeRawPointer(fractions)
        let o = UnsafeMutableRawPointer(out)
        var i = 0
        while i &+ 4 <= count {
            o.storeBytes(of: horizontal(s, starts, w, i), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            i &+= 4
        }
        while i < count {
            out[i] = horizontal(source, starts, fractions, i)
            i &+= 1
        }
    }

    /// The same, and in the same pass the vertical interpolation of `other`
    /// (at weight 128 − `weight`) and the new row (at `weight`) into `placed`:
    /// a scaled row whose other source row is already interpolated costs one pass.
    @inline(never)
    static func interpolate(
        row source: UnsafePointer<UInt32>, starts: UnsafePointer<Int32>, fractions: UnsafePointer<UInt32>,
        into out: UnsafeMutablePointer<UInt32>, count: Int, after other: UnsafePointer<UInt32>, weight: UInt16,
        placing placed: UnsafeMutablePointer<UInt32>
    ) {
        let s = UnsafeRawPointer(source)
        let w = UnsafeRawPointer(fractions)
        let o = UnsafeMutableRawPointer(out)
        let b = UnsafeRawPointer(other)
        let p = UnsafeMutableRawPointer(placed)
        let weights = Lanes(repeating: weight)
        var i = 0
        while i &+ 4 <= count {
            let new = horizontal(s, starts, w, i)
            o.storeBytes(of: new, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            let before = b.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            p.storeBytes(of: lerp(before, new, weights), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            i &+= 4
        }
        while i < count {
            let new = horizontal(source, starts, fractions, i)
            out[i] = new
            placed[i] = lerp(other[i], new, UInt32(weight))
            i &+= 1
        }
    }

    /// The same, the vertical interpolation then blended at `alpha` over
    /// `under` into `out` (as `interpolateAndBlend`); `under` and `out` may be the same row.
    @inline(never)
    static func interpolate(
        row source: UnsafePointer<UInt32>, starts: UnsafePointer<Int32>, fractions: UnsafePointer<UInt32>,
        into new: UnsafeMutablePointer<UInt32>, count: Int, after other: UnsafePointer<UInt32>, weight: UInt16,
        blending alpha: UInt16, over under: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>
    ) {
        let s = UnsafeRawPointer(source)
        let w = UnsafeRawPointer(fractions)
        let n = UnsafeMutableRawPointer(new)
        let b = UnsafeRawPointer(other)
        let u = UnsafeRawPointer(under)
        let o = UnsafeMutableRawPointer(out)
        let weights = Lanes(repeating: weight)
        let a = Lanes(repeating: alpha)
        let keep = Lanes(repeating: 256 &- alpha)
        var i = 0
        while i &+ 4 <= count {
            let row = horizontal(s, starts, w, i)
            n.storeBytes(of: row, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            let before = b.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            let below = u.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            o.storeBytes(
                of: blend(lerp(before, row, weights), below, a, keep), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            i &+= 4
        }
        while i < count {
            let pixel = horizontal(source, starts, fractions, i)
            new[i] = pixel
            let top = SIMD4<UInt32>(repeating: lerp(other[i], pixel, UInt32(weight)))
            out[i] = blend(top, SIMD4<UInt32>(repeating: under[i]), a, keep)[0]
            i &+= 1
        }
    }

    /// Pixels `i` to `i + 3` of a horizontally interpolated row (see `interpolate(row:…)`).
    @inline(__always)
    private static func horizontal(
        _ source: UnsafeRawPointer, _ starts: UnsafePointer<Int32>, _ fractions: UnsafeRawPointer, _ i: Int
    ) -> SIMD4<UInt32> {
        let p0 = source.loadUnaligned(fromByteOffset: Int(starts[i]) &* 4, as: SIMD2<UInt32>.self)
        let p1 = source.loadUnaligned(fromByteOffset: Int(starts[i &+ 1]) &* 4, as: SIMD2<UInt32>.self)
        let p2 = source.loadUnaligned(fromByteOffset: Int(starts[i &+ 2]) &* 4, as: SIMD2<UInt32>.self)
        let p3 = source.loadUnaligned(fromByteOffset: Int(starts[i &+ 3]) &* 4, as: SIMD2<UInt32>.self)
        let left = SIMD4<UInt32>(p0[0], p1[0], p2[0], p3[0])
        let right = SIMD4<UInt32>(p0[1], p1[1], p2[1], p3[1])
        let f = unsafeBitCast(fractions.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self), to: Lanes.self)
        return lerp(left, right, f)
    }

    /// Pixel `i` of a horizontally interpolated row.
    @inline(__always)
    private static func horizontal(
        _ source: UnsafePointer<UInt32>, _ starts: UnsafePointer<Int32>, _ fractions: UnsafePointer<UInt32>, _ i: Int
    ) -> UInt32 {
        let start = Int(starts[i])
        return lerp(source[start], source[start &+ 1], fractions[i] & 0xFF)
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

    /// `source[index[i]]` over `under[i]` at `alpha`, into `out[i]` (as `blend`):
    /// one row sampled at the nearest pixels and blended in the same pass, four
    /// pixels packed a step. `under` and `out` may be the same row.
    @inline(never)
    static func gather(
        _ source: UnsafePointer<UInt32>, indices: UnsafePointer<Int32>, over under: UnsafePointer<UInt32>,
        into out: UnsafeMutablePointer<UInt32>, count: Int, alpha: UInt16
    ) {
        let u = UnsafeRawPointer(under)
        let o = UnsafeMutableRawPointer(out)
        let a = Lanes(repeating: alpha)
        let keep = Lanes(repeating: 256 &- alpha)
        var i = 0
        while i &+ 4 <= count {
            let top = SIMD4<UInt32>(
                source[Int(indices[i])], source[Int(indices[i &+ 1])], source[Int(indices[i &+ 2])],
                source[Int(indices[i &+ 3])])
            let below = u.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            o.storeBytes(of: blend(top, below, a, keep), toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            i &+= 4
        }
        while i < count {
            let top = SIMD4<UInt32>(repeating: source[Int(indices[i])])
            out[i] = blend(top, SIMD4<UInt32>(repeating: under[i]), a, keep)[0]
            i &+= 1
        }
    }

    /// (t·a + u·keep + 128) / 256 per channel of four pixels, as `blend` computes
    /// it: red and blue, then alpha and green, in 16-bit lanes (each sum is at most
    /// 255·256 + 128, so it fits).
    @inline(__always)
    private static func blend(_ t: SIMD4<UInt32>, _ u: SIMD4<UInt32>, _ a: Lanes, _ keep: Lanes) -> SIMD4<UInt32> {
        let x = unsafeBitCast(t, to: Lanes.self)
        let y = unsafeBitCast(u, to: Lanes.self)
        let low = Lanes(repeating: 0x00FF)
        let half = Lanes(repeating: 128)
        let redBlue = ((x & low) &* a &+ (y & low) &* keep &+ half) &>> 8
        let alphaGreen = ((x &>> 8) &* a &+ (y &>> 8) &* keep &+ half) & Lanes(repeating: 0xFF00)
        return unsafeBitCast(redBlue | alphaGreen, to: SIMD4<UInt32>.self)
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
