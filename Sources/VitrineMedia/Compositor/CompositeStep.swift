import VitrineCore

/// One scene op made ready for row-by-row compositing: clipped to the frame,
/// with its source mapping worked out once per frame. A class: the row loop
/// hands steps around and keeps per-frame scratch rows in them, without copies.
final class CompositeStep {
    enum Kind {
        /// An image drawn at its own size.
        case copy
        /// An image stretched bilinearly.
        case scaled
        /// An image stretched with nearest-pixel sampling (while it moves fast).
        case nearest
        case fill
    }

    /// Opaque pixels lying under a blended step's columns (instead of the row
    /// itself), so an opaque image followed by a blended one costs one pass.
    struct Underlay {
        var columns: Range<Int>
        /// The pixel under `columns.lowerBound`.
        var start: UnsafePointer<UInt32>
    }

    let kind: Kind
    let rows: Range<Int>
    let columns: Range<Int>
    /// Coverage in 0…256; 256 is opaque.
    let alpha: UInt16
    private let originX: Int
    let originY: Int
    let source: PixelBuffer
    /// For fills: the colour, one pixel per column.
    private let colorRow: [UInt32]
    // Bilinear mapping for the visible columns: where each pair of source pixels starts, and the 7-bit fraction of
    // its right pixel (f | f << 16, for the packed kernels).
    // For nearest sampling, `pairStarts` holds each visible column's source pixel and `fractions` is empty.
    let pairStarts: [Int32]
    let fractions: [UInt32]
    let yStart: Int
    let yStep: Int
    /// Horizontally interpolated source rows, kept while consecutive output rows reuse them.
    var upperRow: [UInt32] = []
    var lowerRow: [UInt32] = []
    var upperIndex = -1
    var lowerIndex = -1

    var isOpaque: Bool { alpha >= 256 }

    private init(
        kind: Kind, rows: Range<Int>, columns: Range<Int>, alpha: UInt16, origin: (Int, Int), source: PixelBuffer,
        colorRow: [UInt32] = [], mapping: (pairStarts: [Int32], fractions: [UInt32]) = ([], []),
        yMapping: (start: Int, step: Int) = (0, 0)
    ) {
        self.kind = kind
        self.rows = rows
        self.columns = columns
        self.alpha = alpha
        self.originX = origin.0
        self.originY = origin.1
        self.source = source
        self.colorRow = colorRow
        self.pairStarts = mapping.pairStarts
        self.fractions = mapping.fractions
        self.yStart = yMapping.start
        self.yStep = yMapping.step
        if kind == .scaled {
            let empty = [UInt32](repeating: 0, count: columns.count)
            upperRow = empty
            lowerRow = empty
        }
    }

    /// A step drawing the same, with scratch rows of its own (for another band).
    func copy() -> CompositeStep {
        CompositeStep(
            kind: kind, rows: rows, columns: columns, alpha: alpha, origin: (originX, originY), source: source,
            colorRow: colorRow, mapping: (pairStarts, fractions), yMapping: (yStart, yStep))
    }

    static func image(
        _ pixels: PixelBuffer, in rect: (x: Int, y: Int, width: Int, height: Int), alpha: UInt16, frameWidth: Int,
        frameHeight: Int, sampling: SceneCompositor.Sampling = .bilinear,
        clip: (x: Int, y: Int, width: Int, height: Int)? = nil
    ) -> CompositeStep? {
        guard rect.width > 0, rect.height > 0 else { return nil }
        guard var (rows, columns) = visible(rect, frameWidth: frameWidth, frameHeight: frameHeight) else {
            return nil
        }
        // Only the part inside `clip` is drawn; the mapping stays the whole rectangle's.
        if let clip {
            rows = rows.clamped(to: clip.y..<max(clip.y, clip.y + clip.height))
            columns = columns.clamped(to: clip.x..<max(clip.x, clip.x + clip.width))
            guard !rows.isEmpty, !columns.isEmpty else { return nil }
        }
        if rect.width == pixels.width, rect.height == pixels.height {
            return CompositeStep(
                kind: .copy, rows: rows, columns: columns, alpha: alpha, origin: (rect.x, rect.y), source: pixels)
        }
        if sampling == .nearest {
            return nearest(pixels, in: rect, alpha: alpha, rows: rows, columns: columns)
        }
        // Pixels are read in adjacent pairs; a one-pixel-wide image is widened so a pair exists.
        let sampled =
            pixels.width >= 2
            ? pixels
            : PixelBuffer(width: 2, height: pixels.height, pixels: pixels.pixels.flatMap { [$0, $0] })
        let x = scaler(source: pixels.width, destination: rect.width)
        var pairStarts: [Int32] = []
        var fractions: [UInt32] = []
        pairStarts.reserveCapacity(columns.count)
        fractions.reserveCapacity(columns.count)
        for column in columns {
            let (index, f) = sample(x.start + (column - rect.x) * x.step, count: pixels.width)
            // At the right edge the pair starts one pixel earlier and takes all of its right pixel.
            let start = min(index, sampled.width - 2)
            pairStarts.append(Int32(start))
            let weight = UInt32(start == index ? f : 128)
            fractions.append(weight | weight << 16)
        }
        let y = scaler(source: pixels.height, destination: rect.height)
        return CompositeStep(
            kind: .scaled, rows: rows, columns: columns, alpha: alpha, origin: (rect.x, rect.y), source: sampled,
            mapping: (pairStarts, fractions), yMapping: (y.start, y.step))
    }

    /// The step for `pixels` stretched into `rect` with nearest-pixel sampling:
    /// destination i takes the source pixel under its centre, (i + ½)·n/m.
    private static func nearest(
        _ pixels: PixelBuffer, in rect: (x: Int, y: Int, width: Int, height: Int), alpha: UInt16, rows: Range<Int>,
        columns: Range<Int>
    ) -> CompositeStep {
        let x = scaler(source: pixels.width, destination: rect.width)
        let indices = [Int32](unsafeUninitializedCapacity: columns.count) { buffer, initialized in
            for (i, column) in columns.enumerated() {
                let position = x.start + (1 << 15) + (column - rect.x) * x.step
                buffer[i] = Int32(min(pixels.width - 1, max(0, position >> 16)))
            }
            initialized = columns.count
        }
        let y = scaler(source: pixels.height, destination: rect.height)
        return CompositeStep(
            kind: .nearest, rows: rows, columns: columns, alpha: alpha, origin: (rect.x, rect.y), source: pixels,
            mapping: (indices, []), yMapping: (y.start + (1 << 15), y.step))
    }

    static func fill(
        _ color: RGBColor, in rect: (x: Int, y: Int, width: Int, height: Int), alpha: UInt16, frameWidth: Int,
        frameHeight: Int
    ) -> CompositeStep? {
        guard let (rows, columns) = visible(rect, frameWidth: frameWidth, frameHeight: frameHeight) else {
            return nil
        }
        let value = 0xFF00_0000 | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
        return CompositeStep(
            kind: .fill, rows: rows, columns: columns, alpha: alpha, origin: (rect.x, rect.y),
            source: PixelBuffer(width: 0, height: 0, pixels: []),
            colorRow: [UInt32](repeating: value, count: columns.count))
    }

    /// The rows and columns of `rect` inside the frame, or nil when none are (it may lie wholly outside).
    private static func visible(
        _ rect: (x: Int, y: Int, width: Int, height: Int), frameWidth: Int, frameHeight: Int
    ) -> (rows: Range<Int>, columns: Range<Int>)? {
        let top = max(0, rect.y)
        let bottom = min(frameHeight, rect.y + rect.height)
        let left = max(0, rect.x)
        let right = min(frameWidth, rect.x + rect.width)
        guard top < bottom, left < right else { return nil }
        return (top..<bottom, left..<right)
    }

    /// Pixel-centre mapping in 16.16 fixed point: destination i samples source
    /// (i + ½)·n/m − ½, as SDL's linear stretch does.
    private static func scaler(source n: Int, destination m: Int) -> (start: Int, step: Int) {
        ((1 << 15) * n / m - (1 << 15), (n << 16) / m)
    }

    /// The left source index and the 7-bit weight of its right neighbour; edges clamp.
    static func sample(_ position: Int, count: Int) -> (Int, Int) {
        if position < 0 { return (0, 0) }
        let index = position >> 16
        if index > count - 2 { return (count - 1, 0) }
        return (index, (position >> 9) & 0x7F)
    }

    /// Calls `body` with this (copy) step's source pixel for column `columns.lowerBound` of row `y`.
    func withSourceRow(_ y: Int, _ body: (UnsafePointer<UInt32>) -> Void) {
        let offset = (y - originY) * source.width + (columns.lowerBound - originX)
        source.pixels.withUnsafeBufferPointer { pixels in
            if let base = pixels.baseAddress { body(base + offset) }
        }
    }

    /// Copies this opaque copy step's pixels of row `y`, leaving out the columns
    /// in `skipping` (sorted in place; disjoint).
    func copy(to row: UnsafeMutablePointer<UInt32>, y: Int, skipping: inout [Range<Int>]) {
        skipping.sort { $0.lowerBound < $1.lowerBound }
        withSourceRow(y) { start in
            var from = columns.lowerBound
            for gap in skipping {
                let end = min(gap.lowerBound, columns.upperBound)
                if end > from {
                    PixelKernels.copy(start + (from - columns.lowerBound), into: row + from, count: end - from)
                }
                from = max(from, gap.upperBound)
            }
            if columns.upperBound > from {
                PixelKernels.copy(
                    start + (from - columns.lowerBound), into: row + from, count: columns.upperBound - from)
            }
        }
    }

    /// Draws this step on output row `y` (which it covers), over `under` where given, else over the row.
    func apply(to row: UnsafeMutablePointer<UInt32>, y: Int, under: Underlay? = nil) {
        switch kind {
        case .copy:
            withSourceRow(y) { start in
                place(start, on: row, under: under)
            }
        case .fill:
            colorRow.withUnsafeBufferPointer { colors in
                guard let base = colors.baseAddress else { return }
                if isOpaque {
                    PixelKernels.copy(base, into: row + columns.lowerBound, count: columns.count)
                } else {
                    blendSegments(row, under: under) { part, below in
                        let top = base + (part.lowerBound - columns.lowerBound)
                        if let below {
                            PixelKernels.blend(
                                top, over: below, into: row + part.lowerBound, count: part.count, alpha: alpha)
                        } else {
                            PixelKernels.blend(top, into: row + part.lowerBound, count: part.count, alpha: alpha)
                        }
                    }
                }
            }
        case .scaled:
            applyScaled(row, y: y, under: under)
        case .nearest:
            applyNearest(row, y: y, under: under)
        }
    }

    /// Puts the pixels `top` (one per column of the step) on the row: copied
    /// when opaque, else blended over `under` or the row.
    private func place(_ top: UnsafePointer<UInt32>, on row: UnsafeMutablePointer<UInt32>, under: Underlay?) {
        if isOpaque {
            PixelKernels.copy(top, into: row + columns.lowerBound, count: columns.count)
            return
        }
        blendSegments(row, under: under) { part, below in
            let from = top + (part.lowerBound - columns.lowerBound)
            if let below {
                PixelKernels.blend(from, over: below, into: row + part.lowerBound, count: part.count, alpha: alpha)
            } else {
                PixelKernels.blend(from, into: row + part.lowerBound, count: part.count, alpha: alpha)
            }
        }
    }

    private func applyNearest(_ row: UnsafeMutablePointer<UInt32>, y: Int, under: Underlay?) {
        let sourceRow = min(source.height - 1, max(0, (yStart + (y - originY) * yStep) >> 16))
        let first = columns.lowerBound
        let a = alpha
        source.pixels.withUnsafeBufferPointer { pixels in
            pairStarts.withUnsafeBufferPointer { indices in
                guard let base = pixels.baseAddress, let index = indices.baseAddress else { return }
                let line = base + sourceRow * source.width
                if isOpaque {
                    PixelKernels.gather(line, indices: index, into: row + first, count: columns.count)
                    return
                }
                // Sampled and blended in one pass, over the pixels below or the row itself.
                blendSegments(row, under: under) { part, below in
                    PixelKernels.gather(
                        line, indices: index + (part.lowerBound - first),
                        over: below ?? UnsafePointer(row + part.lowerBound),
                        into: row + part.lowerBound, count: part.count, alpha: a)
                }
            }
        }
    }

    /// Splits the step's columns into the part over `under` (with its pixels)
    /// and the parts over the row itself (nil: blend in place).
    func blendSegments(
        _ row: UnsafeMutablePointer<UInt32>, under: Underlay?, _ body: (Range<Int>, UnsafePointer<UInt32>?) -> Void
    ) {
        guard let under else {
            body(columns, nil)
            return
        }
        // Clamping (not max..<min) stays valid when the two do not meet.
        let middle = columns.clamped(to: under.columns)
        if middle.isEmpty {
            body(columns, nil)
            return
        }
        if middle.lowerBound > columns.lowerBound { body(columns.lowerBound..<middle.lowerBound, nil) }
        body(middle, under.start + (middle.lowerBound - under.columns.lowerBound))
        if middle.upperBound < columns.upperBound { body(middle.upperBound..<columns.upperBound, nil) }
    }
}
