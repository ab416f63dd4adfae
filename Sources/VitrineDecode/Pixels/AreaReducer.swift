/// Area-averaging downscale (a box filter over each destination pixel's
/// footprint, with fractional edge weights) that takes the source one row at a
/// time, so a decoder can stream rows through it without holding the whole
/// source image.
///
/// Sources are opaque (decoders flatten transparency onto the background
/// first), so only red, green and blue are averaged and the result's alpha is
/// 255. Fixed point: the three channels share one 64-bit word in 21-bit lanes,
/// so each source pixel costs one multiply per tap; horizontal weights are
/// 13-bit, vertical ones 10-bit, each summing exactly to one.
public struct AreaReducer {
    public let sourceWidth: Int
    public let sourceHeight: Int
    public let width: Int
    public let height: Int
    /// The destination rows this reducer makes (all of them unless a band was asked for).
    public let rows: Range<Int>

    private static let horizontalBits = 13
    private static let verticalBits = 10
    /// Fractional bits kept between the passes.
    private static let carriedBits = 3
    /// An 11-bit value (8 bits and the carried fraction) in each of the three lanes.
    private static let carriedMask: UInt64 = 0x7FF | 0x7FF << 21 | 0x7FF << 42

    /// Taps a destination column uses (the widest column's count; narrower ones are padded with zero weights).
    private let taps: Int
    /// For destination column x: the first of its `taps` source columns.
    private let xFirst: [Int]
    /// `taps` weights per destination column.
    private let xWeights: [UInt64]
    /// Vertical accumulators for destination rows `base` and `base + 1`.
    private var accumulators: [UInt64]
    private var base: Int
    private var sourceRow: Int
    private var output: [UInt32]
    /// Where rows go instead of `output`, when the caller provides the memory (see `reduceInBands`).
    private var destination: UnsafeMutablePointer<UInt32>?
    /// The current source row with its channels spread into lanes.
    private var spreadRow: [UInt64]

    /// A reducer from `sourceWidth`×`sourceHeight` to `width`×`height`; the
    /// target is clamped to the source (no upscaling) and to at least 1×1.
    /// With `band`, it makes only those destination rows (bands can be
    /// reduced on separate threads) and takes only `sourceRows` as input.
    public init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, band: Range<Int>? = nil) {
        precondition(sourceWidth > 0 && sourceHeight > 0, "the source must not be empty")
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        let w = max(1, min(width, sourceWidth))
        let h = max(1, min(height, sourceHeight))
        self.width = w
        self.height = h
        let rows = band.map { $0.clamped(to: 0..<h) } ?? 0..<h
        self.rows = rows
        self.base = rows.lowerBound
        self.sourceRow = rows.lowerBound * sourceHeight / h
        let columns = (0..<w).map { Self.weights(destination: $0, source: sourceWidth, destinationCount: w) }
        let taps = min(sourceWidth, columns.map(\.weights.count).max() ?? 1)
        var first: [Int] = []
        var weights: [UInt64] = []
        first.reserveCapacity(w)
        weights.reserveCapacity(w * taps)
        for column in columns {
            // Keep all taps inside the row: shift the window left at the right edge.
            let start = min(column.first, sourceWidth - taps)
            first.append(start)
            for t in 0..<taps {
                let i = start + t - column.first
                weights.append(column.weights.indices.contains(i) ? UInt64(column.weights[i]) : 0)
            }
        }
        self.taps = taps
        self.xFirst = first
        self.xWeights = weights
        self.accumulators = [UInt64](repeating: 0, count: w * 2)
        self.spreadRow = [UInt64](repeating: 0, count: sourceWidth)
        self.output = []
        self.destination = nil
    }

    /// The source rows this reducer takes, in order.
    public var sourceRows: Range<Int> {
        (rows.lowerBound * sourceHeight / height)..<((rows.upperBound * sourceHeight + height - 1) / height)
    }

    /// True once every source row has been added.
    public var isComplete: Bool { sourceRow >= sourceRows.upperBound }

    /// Adds the next source row (`sourceWidth` opaque pixels, ARGB8888).
    public mutating func add(row: UnsafeBufferPointer<UInt32>) {
        precondition(row.count >= sourceWidth, "a row must hold sourceWidth pixels")
        guard sourceRow < sourceRows.upperBound else { return }
        let n = sourceHeight
        let m = height
        let s = sourceRow
        let firstRow = s * m / n
        while firstRow > base, base < rows.upperBound { flushRow() }
        // The (at most two) destination rows this source row falls in, and its weight in each.
        var slots = Slots()
        var d = max(firstRow, rows.lowerBound)
        while d < min(firstRow + 2, rows.upperBound) {
            let lo = max(s * m, d * n)
            let hi = min((s + 1) * m, (d + 1) * n)
            guard hi > lo else { break }
            let weight =
                Self.fixed(hi - d * n, of: n, bits: Self.verticalBits)
                - Self.fixed(lo - d * n, of: n, bits: Self.verticalBits)
            slots.add(d - base, UInt64(weight))
            d += 1
        }
        reduce(row, into: slots)
        sourceRow += 1
    }

    /// Adds a row from a buffer of whole rows.
    public mutating func add(rowAt y: Int, of pixels: UnsafeBufferPointer<UInt32>, pitch: Int) {
        add(row: UnsafeBufferPointer(rebasing: pixels[(y * pitch)..<(y * pitch + sourceWidth)]))
    }

    /// The downscaled image (the band's rows only, with a band). Rows never added are left black.
    public mutating func finish() -> PixelBuffer {
        while base < rows.upperBound { flushRow() }
        // Handed over, not shared: a caller changing the pixels then does not copy them.
        var pixels: [UInt32] = []
        swap(&pixels, &output)
        return PixelBuffer(width: width, height: rows.count, pixels: pixels)
    }

    /// Makes the rows straight into `memory` (`width` × `rows.count` pixels), which must outlive the reducer.
    mutating func write(into memory: UnsafeMutablePointer<UInt32>) {
        destination = memory
    }

    /// Flushes the remaining rows into the memory given to `write(into:)`.
    mutating func finishWriting() {
        while base < rows.upperBound { flushRow() }
    }

    /// Blue at bit 0, green at bit 21, red at bit 42.
    @inline(__always)
    private static func spread(_ p: UInt32) -> UInt64 {
        let v = UInt64(p)
        return (v & 0xFF) | (v & 0xFF00) << 13 | (v & 0xFF_0000) << 26
    }

    /// Reduces `row` horizontally and adds the result, times each slot's weight, to that slot's
    /// accumulator row, in one pass (the horizontal sums are never stored).
    private mutating func reduce(_ row: UnsafeBufferPointer<UInt32>, into slots: Slots) {
        let w = width
        let taps = self.taps
        let shift = UInt64(Self.horizontalBits - Self.carriedBits)
        let half: UInt64 = (1 << (shift - 1)) * (1 | 1 << 21 | 1 << 42)
        let mask = Self.carriedMask
        let n = sourceWidth
        guard let source = row.baseAddress else { return }
        // Spread each source pixel once (a pixel feeds one to three destination columns).
        spreadRow.withUnsafeMutableBufferPointer { spread in
            guard let p = spread.baseAddress else { return }
            for i in 0..<n { p[i] = Self.spread(source[i]) }
        }
        // Rows outside the band (none to add to) still had to be taken in order.
        guard slots.count > 0 else { return }
        spreadRow.withUnsafeBufferPointer { spreadBuffer in
            xFirst.withUnsafeBufferPointer { firstBuffer in
                xWeights.withUnsafeBufferPointer { weightBuffer in
                    accumulators.withUnsafeMutableBufferPointer { accBuffer in
                        guard let spread = spreadBuffer.baseAddress, let start = firstBuffer.baseAddress,
                            let weights = weightBuffer.baseAddress, let acc = accBuffer.baseAddress
                        else { return }
                        let a = acc + slots.first * w
                        let b = acc + slots.second * w
                        let wa = slots.firstWeight
                        let wb = slots.secondWeight
                        if taps == 3, slots.count == 1 {
                            // The usual case (shrinking by up to 2×): no inner loop.
                            for dx in 0..<w {
                                let f = start[dx]
                                let k = dx &* 3
                                let sum =
                                    spread[f] &* weights[k] &+ spread[f &+ 1] &* weights[k &+ 1] &+ spread[f &+ 2]
                                    &* weights[k &+ 2]
                                a[dx] &+= (((sum &+ half) >> shift) & mask) &* wa
                            }
                        } else if taps == 3 {
                            for dx in 0..<w {
                                let f = start[dx]
                                let k = dx &* 3
                                let sum =
                                    spread[f] &* weights[k] &+ spread[f &+ 1] &* weights[k &+ 1] &+ spread[f &+ 2]
                                    &* weights[k &+ 2]
                                let v = ((sum &+ half) >> shift) & mask
                                a[dx] &+= v &* wa
                                b[dx] &+= v &* wb
                            }
                        } else {
                            for dx in 0..<w {
                                let f = start[dx]
                                let k = dx &* taps
                                var sum: UInt64 = 0
                                for t in 0..<taps { sum &+= spread[f &+ t] &* weights[k &+ t] }
                                let v = ((sum &+ half) >> shift) & mask
                                a[dx] &+= v &* wa
                                b[dx] &+= v &* wb
                            }
                        }
                    }
                }
            }
        }
    }

    /// Emits destination row `base` and moves the window down one row.
    private mutating func flushRow() {
        let w = width
        let row = base - rows.lowerBound
        base += 1
        if let destination {
            Self.emit(&accumulators, width: w, into: destination + row * w)
            return
        }
        // The whole result at once: grown row by row, it would be copied on the way, twice its size at the peak.
        if output.isEmpty { output.reserveCapacity(w * rows.count) }
        output.append(contentsOf: repeatElement(0, count: w))
        output.withUnsafeMutableBufferPointer { out in
            guard let target = out.baseAddress else { return }
            Self.emit(&accumulators, width: w, into: target + row * w)
        }
    }

    /// Writes the first accumulator row as pixels into `target`, then moves the second into its place.
    private static func emit(_ accumulators: inout [UInt64], width w: Int, into target: UnsafeMutablePointer<UInt32>) {
        let bits = UInt64(carriedBits + verticalBits)
        let half: UInt64 = (1 << (bits - 1)) * (1 | 1 << 21 | 1 << 42)
        accumulators.withUnsafeMutableBufferPointer { buffer in
            guard let acc = buffer.baseAddress else { return }
            let next = acc + w
            for dx in 0..<w {
                let v = acc[dx] &+ half
                let b = UInt32(truncatingIfNeeded: (v >> bits) & 0xFF)
                let g = UInt32(truncatingIfNeeded: (v >> (21 &+ bits)) & 0xFF)
                let r = UInt32(truncatingIfNeeded: (v >> (42 &+ bits)) & 0xFF)
                target[dx] = 0xFF00_0000 | r << 16 | g << 8 | b
                // Row base + 1 becomes row base; the new row base + 1 starts empty.
                acc[dx] = next[dx]
                next[dx] = 0
            }
        }
    }

    /// The accumulator rows (0 or 1) a source row is added to, and its weight in each.
    private struct Slots {
        var count = 0
        var first = 0
        var firstWeight: UInt64 = 0
        /// The first slot again, weighted 0, when there is one slot.
        var second = 0
        var secondWeight: UInt64 = 0

        mutating func add(_ slot: Int, _ weight: UInt64) {
            if count == 0 {
                (first, firstWeight, second) = (slot, weight, slot)
            } else {
                (second, secondWeight) = (slot, weight)
            }
            count += 1
        }
    }

    /// `units` of a span `total` units long, in fixed point with `bits` fractional bits, rounded.
    private static func fixed(_ units: Int, of total: Int, bits: Int) -> Int {
        (units << bits + total / 2) / total
    }

    /// The source pixels destination `d` covers and their 13-bit weights (summing to 1 << 13).
    /// Positions are in units of 1/`destinationCount` source pixel, so spans are exact integers.
    static func weights(destination d: Int, source n: Int, destinationCount m: Int) -> (first: Int, weights: [Int]) {
        let start = d * n
        let end = (d + 1) * n
        let first = start / m
        let last = (end - 1) / m
        var weights: [Int] = []
        weights.reserveCapacity(last - first + 1)
        for s in first...last {
            let lo = max(s * m, start)
            let hi = min((s + 1) * m, end)
            weights.append(
                fixed(hi - start, of: n, bits: horizontalBits) - fixed(lo - start, of: n, bits: horizontalBits))
        }
        return (first, weights)
    }
}
