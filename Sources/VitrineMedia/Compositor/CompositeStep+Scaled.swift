/// Bilinear stretching, row by row: each source row the step needs is
/// interpolated horizontally once into a scratch row and kept while the next
/// output rows use it; an output row that needs one new source row
/// interpolates it and places (or blends) the vertical interpolation in the
/// same pass.
extension CompositeStep {
    /// What to do with a source row just interpolated horizontally, beside keeping it.
    enum NewRow {
        /// Nothing more.
        case keep
        /// Write the vertical interpolation of the two scratch rows (the other
        /// at 128 − `weight`, the new one at `weight`) to `pixels`.
        case place(pixels: UnsafeMutablePointer<UInt32>, weight: UInt16)
        /// Blend that vertical interpolation at the step's alpha over `under`
        /// (or the row itself) into output row `row`.
        case blend(row: UnsafeMutablePointer<UInt32>, under: Underlay?, weight: UInt16)
    }

    func applyScaled(_ row: UnsafeMutablePointer<UInt32>, y: Int, under: Underlay?) {
        let (top, f) = Self.sample(yStart + (y - originY) * yStep, count: source.height)
        let bottom = min(top + 1, source.height - 1)
        // Reuse interpolated rows: going down the frame the last row's bottom is
        // often this one's top, going up its top is often this one's bottom.
        if upperIndex != top, lowerIndex == top || upperIndex == bottom {
            swap(&upperRow, &lowerRow)
            swap(&upperIndex, &lowerIndex)
        }
        let fraction = UInt16(f)
        let opaque = isOpaque
        // A row that needs one new source row interpolates it and draws the result in the same pass.
        func drawing(_ weight: UInt16) -> NewRow {
            opaque
                ? .place(pixels: row + columns.lowerBound, weight: weight)
                : .blend(row: row, under: under, weight: weight)
        }
        if upperIndex != top, lowerIndex != bottom { interpolate(sourceRow: top, upper: true) }
        if lowerIndex != bottom {
            interpolate(sourceRow: bottom, upper: false, then: drawing(fraction))
            return
        }
        if upperIndex != top {
            interpolate(sourceRow: top, upper: true, then: drawing(128 - fraction))
            return
        }
        let a = alpha
        let first = columns.lowerBound
        upperRow.withUnsafeBufferPointer { upperPixels in
            lowerRow.withUnsafeBufferPointer { lowerPixels in
                guard let upper = upperPixels.baseAddress, let lower = lowerPixels.baseAddress else { return }
                if opaque {
                    PixelKernels.interpolate(upper, lower, fraction: fraction, into: row + first, count: columns.count)
                    return
                }
                blendSegments(row, under: under) { part, below in
                    let offset = part.lowerBound - first
                    if let below {
                        PixelKernels.interpolateAndBlend(
                            upper + offset, lower + offset, fraction: fraction, over: below,
                            into: row + part.lowerBound, count: part.count, alpha: a)
                    } else {
                        PixelKernels.interpolateAndBlend(
                            upper + offset, lower + offset, fraction: fraction, into: row + part.lowerBound,
                            count: part.count, alpha: a)
                    }
                }
            }
        }
    }

    /// Interpolates source row `sourceRow` horizontally into the upper (or
    /// lower) scratch row, then does `then` with it in the same pass.
    func interpolate(sourceRow: Int, upper: Bool, then: NewRow = .keep) {
        let count = columns.count
        let first = columns.lowerBound
        let offset = sourceRow * source.width
        let a = alpha
        source.pixels.withUnsafeBufferPointer { pixels in
            pairStarts.withUnsafeBufferPointer { starts in
                fractions.withUnsafeBufferPointer { f in
                    upperRow.withUnsafeMutableBufferPointer { u in
                        lowerRow.withUnsafeMutableBufferPointer { l in
                            guard let base = pixels.baseAddress, let s = starts.baseAddress, let fr = f.baseAddress,
                                let ub = u.baseAddress, let lb = l.baseAddress
                            else { return }
                            let line = base + offset
                            let out = upper ? ub : lb
                            let other = UnsafePointer(upper ? lb : ub)
                            switch then {
                            case .keep:
                                PixelKernels.interpolate(row: line, starts: s, fractions: fr, into: out, count: count)
                            case .place(let pixels, let weight):
                                PixelKernels.interpolate(
                                    row: line, starts: s, fractions: fr, into: out, count: count, after: other,
                                    weight: weight, placing: pixels)
                            case .blend(let row, let under, let weight):
                                blendSegments(row, under: under) { part, below in
                                    let i = part.lowerBound - first
                                    let target = row + part.lowerBound
                                    PixelKernels.interpolate(
                                        row: line, starts: s + i, fractions: fr + i, into: out + i, count: part.count,
                                        after: other + i, weight: weight, blending: a,
                                        over: below ?? UnsafePointer(target), into: target)
                                }
                            }
                        }
                    }
                }
            }
        }
        if upper { upperIndex = sourceRow } else { lowerIndex = sourceRow }
    }
}
