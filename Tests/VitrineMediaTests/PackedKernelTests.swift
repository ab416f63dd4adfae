import Synchronization
import Testing
import VitrineCore

@testable import VitrineDecode
@testable import VitrineMedia

/// The packed row kernels (two channels in each 16-bit lane pair, four pixels
/// a step, a scalar tail) against the per-channel arithmetic written out in
/// the test, on random pixels and every length from 0 to 19 (so each tail
/// length and misaligned starts are met), and the second compose thread.
@Suite struct PackedKernelTests {
    /// Random opaque and translucent pixels: every channel, alpha included, takes any value.
    static func noise(_ count: Int, seed: UInt64) -> [UInt32] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) }
    }

    /// (a·(128 − f) + b·f) >> 7 for each of the four channels.
    static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        [0, 8, 16, 24].reduce(UInt32(0)) { out, shift in
            let x = (a >> UInt32(shift)) & 0xFF
            let y = (b >> UInt32(shift)) & 0xFF
            return out | (((x * (128 - f) + y * f) >> 7) << UInt32(shift))
        }
    }

    /// A source row, pair starts anywhere in it (the last pixel column
    /// included) and 7-bit weights, for a row of `count` pixels.
    static func horizontalCase(_ count: Int) -> (source: [UInt32], starts: [Int32], weights: [UInt32]) {
        let source = Self.noise(count + 8, seed: UInt64(count))
        var generator = SeededGenerator(seed: UInt64(100 + count))
        var starts = (0..<count).map { _ in Int32.random(in: 0...Int32(source.count - 2), using: &generator) }
        if count > 0 { starts[count - 1] = Int32(source.count - 2) }
        let weights = (0..<count).map { _ in UInt32.random(in: 0...128, using: &generator) }
        return (source, starts, weights)
    }

    @Test func horizontalInterpolationMatchesEachChannel() {
        for count in 0..<20 {
            let (source, starts, weights) = Self.horizontalCase(count)
            let packed = weights.map { $0 | $0 << 16 }
            // One pixel either side of the row, to catch writes outside it.
            var out = [UInt32](repeating: 0x1234_5678, count: count + 2)
            source.withUnsafeBufferPointer { s in
                starts.withUnsafeBufferPointer { i in
                    packed.withUnsafeBufferPointer { w in
                        out.withUnsafeMutableBufferPointer { o in
                            guard let s = s.baseAddress, let i = i.baseAddress, let w = w.baseAddress,
                                let o = o.baseAddress
                            else { return }
                            PixelKernels.interpolate(row: s, starts: i, fractions: w, into: o + 1, count: count)
                        }
                    }
                }
            }
            #expect(out[0] == 0x1234_5678 && out[count + 1] == 0x1234_5678, "length \(count): wrote outside")
            for i in 0..<count {
                let left = source[Int(starts[i])]
                let right = source[Int(starts[i]) + 1]
                #expect(
                    out[i + 1] == Self.lerp(left, right, weights[i]), "length \(count), pixel \(i), f \(weights[i])")
            }
        }
    }

    /// The one-pass kernel: the new row as `interpolate(row:…)` makes it, and
    /// the vertical interpolation of the other row and the new one at `weight`.
    @Test(arguments: [0, 1, 37, 64, 127, 128])
    func horizontalAndVerticalInOnePassMatchEachChannel(_ weight: Int) {
        for count in 0..<20 {
            let (source, starts, weights) = Self.horizontalCase(count)
            let packed = weights.map { $0 | $0 << 16 }
            let other = Self.noise(count + 1, seed: UInt64(weight * 41 + count))
            var new = [UInt32](repeating: 0x1234_5678, count: count + 2)
            var placed = [UInt32](repeating: 0x1234_5678, count: count + 2)
            source.withUnsafeBufferPointer { s in
                starts.withUnsafeBufferPointer { i in
                    packed.withUnsafeBufferPointer { w in
                        other.withUnsafeBufferPointer { b in
                            new.withUnsafeMutableBufferPointer { n in
                                placed.withUnsafeMutableBufferPointer { p in
                                    guard let s = s.baseAddress, let i = i.baseAddress, let w = w.baseAddress,
                                        let b = b.baseAddress, let n = n.baseAddress, let p = p.baseAddress
                                    else { return }
                                    PixelKernels.interpolate(
                                        row: s, starts: i, fractions: w, into: n + 1, count: count, after: b + 1,
                                        weight: UInt16(weight), placing: p + 1)
                                }
                            }
                        }
                    }
                }
            }
            for row in [new, placed] {
                #expect(row[0] == 0x1234_5678 && row[count + 1] == 0x1234_5678, "length \(count): wrote outside")
            }
            for i in 0..<count {
                let expected = Self.lerp(source[Int(starts[i])], source[Int(starts[i]) + 1], weights[i])
                #expect(new[i + 1] == expected, "length \(count), pixel \(i)")
                #expect(
                    placed[i + 1] == Self.lerp(other[i + 1], expected, UInt32(weight)), "length \(count), pixel \(i)")
            }
        }
    }

    @Test(arguments: [0, 1, 37, 64, 127, 128])
    func verticalInterpolationMatchesEachChannel(_ fraction: Int) {
        for count in 0..<20 {
            let upper = Self.noise(count + 1, seed: UInt64(fraction * 31 + count))
            let lower = Self.noise(count + 1, seed: UInt64(fraction * 37 + count + 1))
            // Start one pixel in, so the rows are not aligned as arrays are.
            var out = [UInt32](repeating: 0, count: count + 1)
            upper.withUnsafeBufferPointer { u in
                lower.withUnsafeBufferPointer { l in
                    out.withUnsafeMutableBufferPointer { o in
                        guard let u = u.baseAddress, let l = l.baseAddress, let o = o.baseAddress else { return }
                        PixelKernels.interpolate(u + 1, l + 1, fraction: UInt16(fraction), into: o + 1, count: count)
                    }
                }
            }
            #expect(out[0] == 0, "wrote before the row")
            for i in 1..<(count + 1) {
                #expect(out[i] == Self.lerp(upper[i], lower[i], UInt32(fraction)), "length \(count), pixel \(i)")
            }
        }
    }

    /// The one-pass kernel that blends: the new row, and the vertical
    /// interpolation at `weight` blended at each alpha over another row and in place.
    @Test(arguments: [0, 1, 64, 127, 128])
    func horizontalVerticalAndBlendInOnePassMatchEachChannel(_ weight: Int) {
        for count in 0..<20 {
            let (source, starts, weights) = Self.horizontalCase(count)
            let packed = weights.map { $0 | $0 << 16 }
            let other = Self.noise(count + 1, seed: UInt64(weight * 43 + count))
            let under = Self.noise(count + 2, seed: UInt64(weight * 47 + count))
            for (alpha, inPlace) in [(1, false), (93, true), (200, false), (255, true)] {
                var new = [UInt32](repeating: 0x1234_5678, count: count + 2)
                var out = inPlace ? under : [UInt32](repeating: 0x1234_5678, count: count + 2)
                source.withUnsafeBufferPointer { s in
                    starts.withUnsafeBufferPointer { i in
                        packed.withUnsafeBufferPointer { w in
                            other.withUnsafeBufferPointer { b in
                                under.withUnsafeBufferPointer { u in
                                    new.withUnsafeMutableBufferPointer { n in
                                        out.withUnsafeMutableBufferPointer { o in
                                            guard let s = s.baseAddress, let i = i.baseAddress,
                                                let w = w.baseAddress, let b = b.baseAddress, let u = u.baseAddress,
                                                let n = n.baseAddress, let o = o.baseAddress
                                            else { return }
                                            PixelKernels.interpolate(
                                                row: s, starts: i, fractions: w, into: n + 1, count: count,
                                                after: b + 1, weight: UInt16(weight), blending: UInt16(alpha),
                                                over: inPlace ? UnsafePointer(o + 1) : u + 1, into: o + 1)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                let label = "length \(count), alpha \(alpha), in place \(inPlace)"
                #expect(new[0] == 0x1234_5678 && new[count + 1] == 0x1234_5678, "\(label): wrote outside")
                let edges: (UInt32, UInt32) = inPlace ? (under[0], under[count + 1]) : (0x1234_5678, 0x1234_5678)
                #expect(out[0] == edges.0 && out[count + 1] == edges.1, "\(label): wrote outside")
                for k in 0..<count {
                    let row = Self.lerp(source[Int(starts[k])], source[Int(starts[k]) + 1], weights[k])
                    #expect(new[k + 1] == row, "\(label), pixel \(k)")
                    let vertical = Self.lerp(other[k + 1], row, UInt32(weight))
                    #expect(out[k + 1] == Self.blend(vertical, under[k + 1], UInt32(alpha)), "\(label), pixel \(k)")
                }
            }
        }
    }

    /// (t·a + u·(256 − a) + 128) >> 8 for each of the four channels.
    static func blend(_ t: UInt32, _ u: UInt32, _ a: UInt32) -> UInt32 {
        [0, 8, 16, 24].reduce(UInt32(0)) { out, shift in
            let x = (t >> UInt32(shift)) & 0xFF
            let y = (u >> UInt32(shift)) & 0xFF
            return out | (((x * a + y * (256 - a) + 128) >> 8) << UInt32(shift))
        }
    }

    /// Nearest pixels gathered and blended in one pass, over another row and in place.
    @Test(arguments: [1, 37, 128, 200, 255])
    func nearestSamplesBlendedMatchEachChannel(_ alpha: Int) {
        for count in 0..<20 {
            let source = Self.noise(count + 5, seed: UInt64(alpha * 7 + count))
            var generator = SeededGenerator(seed: UInt64(300 + count))
            var indices = (0..<count).map { _ in Int32.random(in: 0...Int32(source.count - 1), using: &generator) }
            if count > 0 { indices[count - 1] = Int32(source.count - 1) }
            let under = Self.noise(count + 2, seed: UInt64(alpha * 11 + count))
            for inPlace in [false, true] {
                var out = inPlace ? under : [UInt32](repeating: 0x1234_5678, count: count + 2)
                source.withUnsafeBufferPointer { s in
                    indices.withUnsafeBufferPointer { i in
                        under.withUnsafeBufferPointer { u in
                            out.withUnsafeMutableBufferPointer { o in
                                guard let s = s.baseAddress, let i = i.baseAddress, let u = u.baseAddress,
                                    let o = o.baseAddress
                                else { return }
                                PixelKernels.gather(
                                    s, indices: i, over: inPlace ? UnsafePointer(o + 1) : u + 1, into: o + 1,
                                    count: count, alpha: UInt16(alpha))
                            }
                        }
                    }
                }
                let outside: UInt32 = inPlace ? under[0] : 0x1234_5678
                let after: UInt32 = inPlace ? under[count + 1] : 0x1234_5678
                #expect(out[0] == outside && out[count + 1] == after, "length \(count): wrote outside")
                for k in 0..<count {
                    let expected = Self.blend(source[Int(indices[k])], under[k + 1], UInt32(alpha))
                    #expect(out[k + 1] == expected, "length \(count), pixel \(k), in place \(inPlace)")
                }
            }
        }
    }

    @Test func copyMovesEveryPixelAndNoMore() {
        let source = Self.noise(40, seed: 7)
        for count in 0..<20 {
            for offset in 0..<3 {
                var out = [UInt32](repeating: 0x1234_5678, count: 40)
                source.withUnsafeBufferPointer { s in
                    out.withUnsafeMutableBufferPointer { o in
                        guard let s = s.baseAddress, let o = o.baseAddress else { return }
                        PixelKernels.copy(s + offset, into: o + 1, count: count)
                    }
                }
                #expect(out[0] == 0x1234_5678 && out[count + 1] == 0x1234_5678, "length \(count): wrote outside")
                #expect(Array(out[1..<(count + 1)]) == Array(source[offset..<(offset + count)]), "length \(count)")
            }
        }
    }

    @Test func theWorkerAndTheCallerDrawEachRowOnce() {
        let worker = BandWorker()
        for (rows, group) in [(0, 16), (1, 16), (16, 16), (17, 16), (100, 7), (1080, 16)] {
            let counts = RowCounts(rows)
            worker.run(rows: rows, group: group) { range, thread in counts.record(range, thread: thread) }
            #expect(counts.drawn == [Int](repeating: 1, count: rows), "\(rows) rows in runs of \(group)")
            #expect(counts.longest <= group && counts.threads.isSubset(of: [0, 1]), "\(rows) rows in runs of \(group)")
        }
    }

    /// A Ken Burns cross-fade (two stretched images, one blended) drawn with the
    /// second thread, or in the order that thread draws in, is the frame drawn on one.
    @Test func framesOnTheWorkerAreTheOneThreadFrames() {
        // Large enough for the compositor to hand rows to the worker.
        let width = 640
        let height = 420
        #expect(width * height >= SceneCompositor.workerPixels)
        let images = [
            PixelBuffer(width: 600, height: 400, pixels: Self.noise(600 * 400, seed: 1).map { $0 | 0xFF00_0000 }),
            PixelBuffer(width: 660, height: 450, pixels: Self.noise(660 * 450, seed: 2).map { $0 | 0xFF00_0000 }),
        ]
        let scene = Scene(
            size: Size(width: Double(width), height: Double(height)), background: RGBColor(r: 4, g: 5, b: 6),
            ops: [
                .image(slide: 0, rect: Rect(x: -10.4, y: -7.2, width: 671.7, height: 447.1), alpha: 1),
                .image(slide: 1, rect: Rect(x: -3.3, y: -12.9, width: 649.5, height: 451.3), alpha: 0.37),
            ])
        let worker = BandWorker()
        let one = SceneCompositor(width: width, height: height, cores: 1).render(scene) { images[$0] }
        // The worker's order (up the frame), which reuses source rows the other way round.
        for group in [1, 16, height] {
            let up = SceneCompositor(width: width, height: height, cores: 1).renderUpward(scene, group: group) {
                images[$0]
            }
            #expect(up == one, "upward in runs of \(group)")
        }
        for _ in 0..<3 {
            let two = SceneCompositor(width: width, height: height, cores: 2, worker: worker).render(scene) {
                images[$0]
            }
            #expect(one == two)
        }
        // The incoming photo sampled at the nearest pixels and blended, as while it moves fast.
        let nearest = SceneCompositor(width: width, height: height, cores: 1).render(scene, nearest: [1]) {
            images[$0]
        }
        #expect(nearest != one)
        let nearestOnTwo = SceneCompositor(width: width, height: height, cores: 2, worker: worker).render(
            scene, nearest: [1]
        ) { images[$0] }
        #expect(nearestOnTwo == nearest)
    }
}

/// How often each row was drawn and on which threads, from both threads at once.
private final class RowCounts: Sendable {
    private let state: Mutex<(drawn: [Int], threads: Set<Int>, longest: Int)>

    init(_ rows: Int) {
        state = Mutex(([Int](repeating: 0, count: rows), [], 0))
    }

    func record(_ rows: Range<Int>, thread: Int) {
        state.withLock {
            for y in rows { $0.drawn[y] += 1 }
            $0.threads.insert(thread)
            $0.longest = max($0.longest, rows.count)
        }
    }

    var drawn: [Int] { state.withLock { $0.drawn } }
    var threads: Set<Int> { state.withLock { $0.threads } }
    var longest: Int { state.withLock { $0.longest } }
}
