/// Area-averaging downscale (a box filter over each destination pixel's
/// footprint, with fractional edge weights) that takes the source one row at a
/// time, so a decoder can stream rows through it without holding the whole
/// source image. Fixed point: weights are 14-bit and sum exactly to one along
/// each axis; two channels share a 64-bit lane pair so each tap costs two
/// multiplies.
public struct AreaReducer {
    public let sourceWidth: Int
    public let sourceHeight: Int
    public let width: Int
    public let height: Int

    private static let weightBits: UInt64 = 14
    private static let laneMask: UInt64 = 0x0000_FFFF_0000_FFFF

    /// For destination column x: the first source column and the range of `xWeights` it uses.
    private let xFirst: [Int]
    private let xTapStart: [Int]
    private let xWeights: [UInt64]
    /// Horizontal result of the current source row: two lane pairs (A,G) and (R,B) a pixel.
    private var rowSums: [UInt64]
    /// Vertical accumulators for destination rows `base` and `base + 1`.
    private var accumulators: [UInt64]
    private var base = 0
    private var sourceRow = 0
    private var output: [UInt32]

    /// A reducer from `sourceWidth`×`sourceHeight` to `width`×`height`; the
    /// target is clamped to the source (no upscaling) and to at least 1×1.
    public init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        precondition(sourceWidth > 0 && sourceHeight > 0, "the source must not be empty")
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        let w = max(1, min(width, sourceWidth))
        let h = max(1, min(height, sourceHeight))
        self.width = w
        self.height = h
        var first: [Int] = []
        var starts: [Int] = []
        var weights: [UInt64] = []
        first.reserveCapacity(w)
        starts.reserveCapacity(w + 1)
        for dx in 0..<w {
            let taps = Self.taps(destination: dx, source: sourceWidth, destinationCount: w)
            first.append(taps.first)
            starts.append(weights.count)
            weights += taps.weights
        }
        starts.append(weights.count)
        self.xFirst = first
        self.xTapStart = starts
        self.xWeights = weights
        self.rowSums = [UInt64](repeating: 0, count: w * 2)
        self.accumulators = [UInt64](repeating: 0, count: w * 4)
        self.output = []
        output.reserveCapacity(w * h)
    }

    /// True once every source row has been added.
    public var isComplete: Bool { sourceRow >= sourceHeight }

    /// Adds the next source row (`sourceWidth` pixels, ARGB8888).
    public mutating func add(row: UnsafeBufferPointer<UInt32>) {
        precondition(row.count >= sourceWidth, "a row must hold sourceWidth pixels")
        guard sourceRow < sourceHeight else { return }
        reduceHorizontally(row)
        let n = sourceHeight
        let m = height
        let s = sourceRow
        let firstRow = s * m / n
        while firstRow > base { flushRow() }
        var d = firstRow
        while d < min(firstRow + 2, m) {
            let lo = max(s * m, d * n)
            let hi = min((s + 1) * m, (d + 1) * n)
            guard hi > lo else { break }
            let weight = UInt64(Self.fixed(hi - d * n, of: n) - Self.fixed(lo - d * n, of: n))
            accumulate(into: d - base, weight: weight)
            d += 1
        }
        sourceRow += 1
    }

    /// Adds a row from a buffer of whole rows.
    public mutating func add(rowAt y: Int, of pixels: UnsafeBufferPointer<UInt32>, pitch: Int) {
        add(row: UnsafeBufferPointer(rebasing: pixels[(y * pitch)..<(y * pitch + sourceWidth)]))
    }

    /// The downscaled image. Rows never added are left black.
    public mutating func finish() -> PixelBuffer {
        while base < height { flushRow() }
        return PixelBuffer(width: width, height: height, pixels: output)
    }

    private mutating func reduceHorizontally(_ row: UnsafeBufferPointer<UInt32>) {
        let w = width
        xFirst.withUnsafeBufferPointer { first in
            xTapStart.withUnsafeBufferPointer { starts in
                xWeights.withUnsafeBufferPointer { weights in
                    rowSums.withUnsafeMutableBufferPointer { sums in
                        for dx in 0..<w {
                            var ag: UInt64 = 0
                            var rb: UInt64 = 0
                            var sx = first[dx]
                            for t in starts[dx]..<starts[dx + 1] {
                                let p = UInt64(row[sx])
                                let wt = weights[t]
                                ag &+= ((p >> 24) << 32 | ((p >> 8) & 0xFF)) &* wt
                                rb &+= (((p >> 16) & 0xFF) << 32 | (p & 0xFF)) &* wt
                                sx += 1
                            }
                            // Keep 8 fractional bits: each lane fits 16 bits for the vertical pass.
                            sums[dx * 2] = ((ag &+ 0x20_0000_0020) >> 6) & Self.laneMask
                            sums[dx * 2 + 1] = ((rb &+ 0x20_0000_0020) >> 6) & Self.laneMask
                        }
                    }
                }
            }
        }
    }

    private mutating func accumulate(into slot: Int, weight: UInt64) {
        let count = width * 2
        let offset = slot * count
        rowSums.withUnsafeBufferPointer { sums in
            accumulators.withUnsafeMutableBufferPointer { acc in
                for i in 0..<count {
                    acc[offset + i] &+= sums[i] &* weight
                }
            }
        }
    }

    /// Emits destination row `base` and moves the window down one row.
    private mutating func flushRow() {
        let w = width
        let half: UInt64 = 1 << 21 | 1 << 53
        accumulators.withUnsafeMutableBufferPointer { acc in
            for dx in 0..<w {
                let ag = (acc[dx * 2] &+ half) >> 22
                let rb = (acc[dx * 2 + 1] &+ half) >> 22
                let a = UInt32(truncatingIfNeeded: (ag >> 32) & 0xFF)
                let g = UInt32(truncatingIfNeeded: ag & 0xFF)
                let r = UInt32(truncatingIfNeeded: (rb >> 32) & 0xFF)
                let b = UInt32(truncatingIfNeeded: rb & 0xFF)
                output.append(a << 24 | r << 16 | g << 8 | b)
            }
            // Slot 1 becomes slot 0; the new slot 1 starts empty.
            for i in 0..<(w * 2) {
                acc[i] = acc[w * 2 + i]
                acc[w * 2 + i] = 0
            }
        }
        base += 1
    }

    /// `units` of a span `total` units long, in 14-bit fixed point, rounded.
    private static func fixed(_ units: Int, of total: Int) -> Int {
        (units << Int(weightBits) + total / 2) / total
    }

    /// The source pixels destination `d` covers and their weights (summing to 1 << 14).
    /// Positions are in units of 1/`destinationCount` source pixel, so spans are exact integers.
    static func taps(destination d: Int, source n: Int, destinationCount m: Int) -> (first: Int, weights: [UInt64]) {
        let start = d * n
        let end = (d + 1) * n
        let first = start / m
        let last = (end - 1) / m
        var weights: [UInt64] = []
        weights.reserveCapacity(last - first + 1)
        for s in first...last {
            let lo = max(s * m, start)
            let hi = min((s + 1) * m, end)
            weights.append(UInt64(fixed(hi - start, of: n) - fixed(lo - start, of: n)))
        }
        return (first, weights)
    }
}
