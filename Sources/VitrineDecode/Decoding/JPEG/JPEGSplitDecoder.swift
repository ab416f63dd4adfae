import Dispatch
import Glibc
import Synchronization
import VitrinePOSIX

/// Decodes a large progressive JPEG on two threads: its scans are split between two libjpeg
/// decompressors over one coefficient buffer (`LibJPEGDecompressor.split`, the split chosen so
/// both are through about together), each block row of a scan waiting for the scans before it that
/// touch the same coefficients; then each makes one band of the rows, straight into its band of the
/// area downscale. The entropy decoding, most of a progressive file's cost, and the inverse DCT are
/// shared between two cores; the pixels are those of a whole-file decode.
///
/// The second band runs on a thread of its own, never on a shared pool: the two wait on each
/// other's scans, so they must run at once.
enum JPEGSplitDecoder {
    private static let cores = Cores.active

    /// A split pair's first decompressor for this file at this plan, or nil when it is not one for
    /// this path (not progressive, small, over the coefficient budget, too few rows, colours that
    /// need converting, one core): then the other decoders take it. `bytes` can go afterwards.
    /// `roles`, for tests: the split itself (see `LibJPEGDecompressor.split`).
    static func open(
        _ bytes: [UInt8], plan: DecodeGeometry, denominator: Int, limits: DecodeLimits, roles: [Int32]? = nil
    ) throws(DecodeError) -> LibJPEGDecompressor? {
        guard cores >= 2, plan.targetHeight >= 4 * JPEGBandDecoder.chunkRows else { return nil }
        let result = bytes.withUnsafeBufferPointer { data in
            Result { () throws(DecodeError) -> LibJPEGDecompressor? in
                try LibJPEGDecompressor.split(data, path: plan.path, roles: roles)
            }
        }
        guard let jpeg = try result.get(), jpeg.isBGRACapable,
            jpeg.coefficientBytes <= limits.maxProgressiveBytes
        else { return nil }
        return jpeg
    }

    /// Decodes the pair `jpeg` belongs to at 1/`denominator` into the plan's target.
    static func decode(_ jpeg: LibJPEGDecompressor, plan: DecodeGeometry, denominator: Int, limits: DecodeLimits)
        throws(DecodeError) -> PixelBuffer
    {
        guard let partner = try jpeg.partner() else {
            throw DecodeError(path: plan.path, reason: "the JPEG decoder's second half is missing")
        }
        let pair = [jpeg, partner]
        for half in pair {
            half.setLimits(maxMemory: 16 << 20, maxScans: JPEGRowDecoder.maxScans)
        }
        let w = DCTScale.scaled(jpeg.width, denominator: denominator)
        let h = DCTScale.scaled(jpeg.height, denominator: denominator)
        let tw = max(1, min(plan.targetWidth, w))
        let th = max(1, min(plan.targetHeight, h))
        // The first is through its scans first: it makes the top rows, the other the rest.
        let split = min(th - 1, max(1, Int((Double(th) * jpeg.splitShare(denominator: denominator)).rounded())))
        let bands = [0..<split, split..<th]
        let failures = Mutex<[DecodeError?]>([nil, nil])
        let pixels = [UInt32](unsafeUninitializedCapacity: tw * th) { buffer, initialized in
            let target = UInt(bitPattern: buffer.baseAddress)
            @Sendable func run(_ band: Int) {
                guard let out = UnsafeMutablePointer<UInt32>(bitPattern: target) else { return }
                var reducer = AreaReducer(sourceWidth: w, sourceHeight: h, width: tw, height: th, band: bands[band])
                reducer.write(into: out + bands[band].lowerBound * tw)
                do throws(DecodeError) {
                    try JPEGBandDecoder.decodeBand(
                        pair[band], into: &reducer, denominator: denominator, toEnd: band == 1)
                } catch {
                    failures.withLock { $0[band] = error }
                    // The other half may be waiting for this one's scans.
                    jpeg.stopSplit()
                }
                // Rows never reached are left black rather than uninitialized (the result is thrown away then).
                reducer.finishWriting()
            }
            let done = DispatchSemaphore(value: 0)
            if let failed = DetachedThread.start({
                run(1)
                done.signal()
            }) {
                // The halves wait on each other: without a second thread there is no decode.
                let reason = "cannot start the JPEG decoder's second thread (\(Errno(rawValue: failed)))"
                failures.withLock { $0[1] = DecodeError(path: plan.path, reason: reason) }
                buffer.initialize(repeating: 0)
            } else {
                run(0)
                done.wait()
            }
            initialized = tw * th
        }
        let errors = failures.withLock { $0 }
        // The error that ended the decode, not the other half's giving up because of it.
        for (band, error) in errors.enumerated() where error != nil && !pair[band].gaveUpForPartner {
            if let error { throw error }
        }
        if let error = errors.compactMap({ $0 }).first { throw error }
        return PixelBuffer(width: tw, height: th, pixels: pixels)
    }
}
