import Synchronization

/// Decodes a large baseline JPEG on two threads, each straight into its band of
/// the area downscale, so the DCT-scaled image is never held whole.
///
/// The top thread decodes the rows the top band needs and stops; the bottom one
/// skips to its rows (entropy decoding only: a baseline scan can only be read
/// in order) and decodes to the end. Skipping costs less than decoding, so the
/// top band is the larger one, the more so the smaller the DCT scale (at 1/8,
/// where decoding is mostly entropy decoding, skipping costs nearly as much).
enum JPEGBandDecoder {
    /// Below this many stored pixels a second thread does not pay for itself.
    static let minimumPixels = 4_000_000
    /// The top band's share of the destination rows at DCT scale 1/`denominator`, so both
    /// threads finish together. The bottom thread pays for the skipped rows' entropy decoding;
    /// decoding a row costs more against that the larger the scale (the inverse DCT, colour
    /// conversion and downscale grow with it), so the top band's share shrinks as the scale
    /// grows. Measured per thread (CPU time) on a 24 MP photo at quality 90.
    static func topShare(denominator: Int) -> Double {
        switch denominator {
        case 1: return 0.64
        case 2: return 0.72
        case 4: return 0.78
        default: return 0.80
        }
    }
    /// Rows decoded at a time before they go to the reducer (stays in cache).
    static let chunkRows = 8
    private static let cores = Cores.active

    /// The image reduced to the plan's target, or nil when this file is not one
    /// for this path (small, progressive, several scans, not YCbCr, one core):
    /// then the whole-image decoder takes it.
    static func decode(
        _ bytes: [UInt8], plan: DecodeGeometry, denominator: Int, minimumPixels: Int = minimumPixels
    ) throws(DecodeError) -> PixelBuffer? {
        guard cores >= 2, plan.storedWidth * plan.storedHeight >= minimumPixels else { return nil }
        let result: Result<PixelBuffer?, DecodeError> = bytes.withUnsafeBufferPointer { data in
            Result { () throws(DecodeError) -> PixelBuffer? in try decode(data, plan: plan, denominator: denominator) }
        }
        return try result.get()
    }

    private static func decode(
        _ data: UnsafeBufferPointer<UInt8>, plan: DecodeGeometry, denominator: Int
    ) throws(DecodeError) -> PixelBuffer? {
        let path = plan.path
        let probe = try LibJPEGDecompressor(data, path: path)
        guard probe.isPlainYCbCr else { return nil }
        let w = DCTScale.scaled(probe.width, denominator: denominator)
        let h = DCTScale.scaled(probe.height, denominator: denominator)
        let tw = max(1, min(plan.targetWidth, w))
        let th = max(1, min(plan.targetHeight, h))
        guard th >= 2 * chunkRows else { return nil }
        let split = Int(Double(th) * topShare(denominator: denominator))
        let bands = [0..<split, split..<th]
        let failures = Mutex<[DecodeError?]>([nil, nil])
        // Addresses cross into the bands' threads; both buffers outlive them.
        let source = UInt(bitPattern: data.baseAddress)
        let count = data.count
        let pixels = [UInt32](unsafeUninitializedCapacity: tw * th) { buffer, initialized in
            let target = UInt(bitPattern: buffer.baseAddress)
            BandThreads.run(bands.count) { band in
                guard let start = UnsafePointer<UInt8>(bitPattern: source),
                    let out = UnsafeMutablePointer<UInt32>(bitPattern: target)
                else { return }
                var reducer = AreaReducer(sourceWidth: w, sourceHeight: h, width: tw, height: th, band: bands[band])
                reducer.write(into: out + bands[band].lowerBound * tw)
                do throws(DecodeError) {
                    let jpeg = try LibJPEGDecompressor(UnsafeBufferPointer(start: start, count: count), path: path)
                    try decodeBand(jpeg, into: &reducer, denominator: denominator, toEnd: band == bands.count - 1)
                } catch {
                    failures.withLock { $0[band] = error }
                }
                // Rows never reached are left black rather than uninitialized (the result is thrown away then).
                reducer.finishWriting()
            }
            initialized = tw * th
        }
        if let failure = failures.withLock({ $0.compactMap { $0 }.first }) { throw failure }
        return PixelBuffer(width: tw, height: th, pixels: pixels)
    }

    /// Decodes the source rows `reducer` takes and feeds them to it; the last
    /// band also reads to the end marker, so a file cut short after its last row is caught.
    static func decodeBand(
        _ jpeg: LibJPEGDecompressor, into reducer: inout AreaReducer, denominator: Int, toEnd: Bool
    ) throws(DecodeError) {
        let size = try jpeg.start(denominator: denominator)
        guard size.width == reducer.sourceWidth, size.height == reducer.sourceHeight else {
            throw DecodeError(path: "", reason: "the decoder's scaled size differs from the plan's")
        }
        let rows = reducer.sourceRows
        try jpeg.skip(rows.lowerBound)
        var chunk = [UInt32](repeating: 0, count: size.width * chunkRows)
        var y = rows.lowerBound
        while y < rows.upperBound {
            let n = min(chunkRows, rows.upperBound - y)
            try chunk.withUnsafeMutableBufferPointer { buffer throws(DecodeError) in
                try jpeg.read(into: buffer, width: size.width, count: n)
            }
            chunk.withUnsafeBufferPointer { buffer in
                for i in 0..<n { reducer.add(rowAt: i, of: buffer, pitch: size.width) }
            }
            y += n
        }
        if toEnd { try jpeg.finish() }
    }
}
