import VitrineCore

/// One scene op made ready for row-by-row compositing: clipped to the frame,
/// with its source mapping worked out once per frame.
struct CompositeStep {
    enum Kind {
        /// An image drawn at its own size.
        case copy
        /// An image stretched bilinearly.
        case scaled
        case fill
    }

    let kind: Kind
    let rows: Range<Int>
    let columns: Range<Int>
    let alpha: UInt64
    /// The op's rectangle origin (before clipping).
    private let originX: Int
    private let originY: Int
    private let source: PixelBuffer
    private let colorLanes: UInt64
    private let color: UInt32
    // Bilinear mapping for the visible columns: left and right source index and fraction (0…128).
    private let left: [Int]
    private let right: [Int]
    private let fraction: [UInt64]
    private let yStart: Int
    private let yStep: Int
    // Horizontally interpolated source rows, kept while consecutive output rows reuse them.
    private var cachedRows: [Int] = [-1, -1]
    private var cache: [[UInt64]] = [[], []]

    var isOpaque: Bool { alpha == 255 }

    private init(
        kind: Kind, rows: Range<Int>, columns: Range<Int>, alpha: UInt64, origin: (Int, Int), source: PixelBuffer,
        color: UInt32 = 0, mapping: (left: [Int], right: [Int], fraction: [UInt64]) = ([], [], []),
        yMapping: (start: Int, step: Int) = (0, 0)
    ) {
        self.kind = kind
        self.rows = rows
        self.columns = columns
        self.alpha = alpha
        self.originX = origin.0
        self.originY = origin.1
        self.source = source
        self.color = color
        self.colorLanes = PixelBlend.spread(color) &* alpha
        self.left = mapping.left
        self.right = mapping.right
        self.fraction = mapping.fraction
        self.yStart = yMapping.start
        self.yStep = yMapping.step
        if kind == .scaled {
            cache = [[UInt64](repeating: 0, count: columns.count), [UInt64](repeating: 0, count: columns.count)]
        }
    }

    static func image(
        _ pixels: PixelBuffer, in rect: (x: Int, y: Int, width: Int, height: Int), alpha: UInt64, frameWidth: Int,
        frameHeight: Int
    ) -> CompositeStep? {
        guard rect.width > 0, rect.height > 0 else { return nil }
        let rows = max(0, rect.y)..<min(frameHeight, rect.y + rect.height)
        let columns = max(0, rect.x)..<min(frameWidth, rect.x + rect.width)
        guard !rows.isEmpty, !columns.isEmpty else { return nil }
        if rect.width == pixels.width, rect.height == pixels.height {
            return CompositeStep(
                kind: .copy, rows: rows, columns: columns, alpha: alpha, origin: (rect.x, rect.y), source: pixels)
        }
        let x = Self.scaler(source: pixels.width, destination: rect.width)
        var left: [Int] = []
        var right: [Int] = []
        var fraction: [UInt64] = []
        for column in columns {
            let (index, f) = Self.sample(x.start + (column - rect.x) * x.step, count: pixels.width)
            left.append(index)
            right.append(min(index + 1, pixels.width - 1))
            fraction.append(f)
        }
        let y = Self.scaler(source: pixels.height, destination: rect.height)
        return CompositeStep(
            kind: .scaled, rows: rows, columns: columns, alpha: alpha, origin: (rect.x, rect.y), source: pixels,
            mapping: (left, right, fraction), yMapping: (y.start, y.step))
    }

    static func fill(
        _ color: RGBColor, in rect: (x: Int, y: Int, width: Int, height: Int), alpha: UInt64, frameWidth: Int,
        frameHeight: Int
    ) -> CompositeStep? {
        let rows = max(0, rect.y)..<min(frameHeight, rect.y + rect.height)
        let columns = max(0, rect.x)..<min(frameWidth, rect.x + rect.width)
        guard !rows.isEmpty, !columns.isEmpty else { return nil }
        let value = 0xFF00_0000 | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
        return CompositeStep(
            kind: .fill, rows: rows, columns: columns, alpha: alpha, origin: (rect.x, rect.y),
            source: PixelBuffer(width: 0, height: 0, pixels: []), color: value)
    }

    /// Pixel-centre mapping in 16.16 fixed point: destination i samples source
    /// (i + ½)·n/m − ½, as SDL's linear stretch does.
    private static func scaler(source n: Int, destination m: Int) -> (start: Int, step: Int) {
        let step = (n << 16) / m
        let start = (1 << 15) * n / m - (1 << 15)
        return (start, step)
    }

    /// The left source index and the 7-bit weight of its right neighbour; edges clamp.
    private static func sample(_ position: Int, count: Int) -> (Int, UInt64) {
        if position < 0 { return (0, 0) }
        let index = position >> 16
        if index > count - 2 { return (count - 1, 0) }
        return (index, UInt64((position >> 9) & 0x7F))
    }

    /// Applies the op to output row `y` (which it covers).
    mutating func apply(to row: UnsafeMutablePointer<UInt32>, y: Int) {
        switch kind {
        case .fill: applyFill(row)
        case .copy: applyCopy(row, y: y)
        case .scaled: applyScaled(row, y: y)
        }
    }

    private func applyFill(_ row: UnsafeMutablePointer<UInt32>) {
        let start = row + columns.lowerBound
        let count = columns.count
        if alpha == 255 {
            start.update(repeating: color, count: count)
            return
        }
        let keep = 255 &- alpha
        let lanes = colorLanes
        for i in 0..<count {
            start[i] = PixelBlend.pack(PixelBlend.divide255(lanes &+ PixelBlend.spread(start[i]) &* keep))
        }
    }

    private func applyCopy(_ row: UnsafeMutablePointer<UInt32>, y: Int) {
        let count = columns.count
        let sourceOffset = (y - originY) * source.width + (columns.lowerBound - originX)
        let target = row + columns.lowerBound
        let a = alpha
        source.pixels.withUnsafeBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            let from = base + sourceOffset
            if a == 255 {
                target.update(from: from, count: count)
                return
            }
            for i in 0..<count {
                target[i] = PixelBlend.mix(from[i], target[i], alpha: a)
            }
        }
    }

    private mutating func applyScaled(_ row: UnsafeMutablePointer<UInt32>, y: Int) {
        let (top, f) = Self.sample(yStart + (y - originY) * yStep, count: source.height)
        let bottom = min(top + 1, source.height - 1)
        // Reuse interpolated rows: when shrinking, this row's bottom is often the next row's top.
        if cachedRows[0] != top {
            if cachedRows[1] == top {
                cache.swapAt(0, 1)
                cachedRows.swapAt(0, 1)
            } else {
                interpolate(sourceRow: top, into: 0)
            }
        }
        if cachedRows[1] != bottom { interpolate(sourceRow: bottom, into: 1) }
        let count = columns.count
        let target = row + columns.lowerBound
        let a = alpha
        cache[0].withUnsafeBufferPointer { upper in
            cache[1].withUnsafeBufferPointer { lower in
                if a == 255 {
                    for i in 0..<count { target[i] = PixelBlend.pack(PixelBlend.lerp(upper[i], lower[i], f)) }
                } else {
                    let keep = 255 &- a
                    for i in 0..<count {
                        let s = PixelBlend.lerp(upper[i], lower[i], f)
                        target[i] = PixelBlend.pack(
                            PixelBlend.divide255(s &* a &+ PixelBlend.spread(target[i]) &* keep))
                    }
                }
            }
        }
    }

    private mutating func interpolate(sourceRow: Int, into slot: Int) {
        let offset = sourceRow * source.width
        let count = columns.count
        source.pixels.withUnsafeBufferPointer { pixels in
            left.withUnsafeBufferPointer { l in
                right.withUnsafeBufferPointer { r in
                    fraction.withUnsafeBufferPointer { fr in
                        cache[slot].withUnsafeMutableBufferPointer { out in
                            for i in 0..<count {
                                out[i] = PixelBlend.lerp(
                                    PixelBlend.spread(pixels[offset + l[i]]), PixelBlend.spread(pixels[offset + r[i]]),
                                    fr[i])
                            }
                        }
                    }
                }
            }
        }
        cachedRows[slot] = sourceRow
    }
}
