/// Decodes the JPEGs the two-band decoder does not take (progressive and other
/// multi-scan files, grayscale, small ones) with libjpeg at the DCT scale, rows
/// streamed into the area downscale on a second thread, so the scaled image is
/// never held whole.
///
/// A progressive file still costs libjpeg its whole-image coefficient buffer
/// (2 bytes a sample, as the scans refine every block in turn); that is estimated
/// from the header and checked against `DecodeLimits.maxProgressiveBytes` before
/// anything is allocated. At 1/8 only the DC coefficients are read, so only the
/// file's DC scans are decoded, into a buffer of one coefficient a block
/// (`LibJPEGDecompressor.dcOnly`, taken by `JPEGDecoder` so the file's bytes can go). At other
/// scales large progressive files are decoded on two threads (`JPEGSplitDecoder`) where they can be.
enum JPEGRowDecoder {
    /// The scans a multi-scan file may have (as TurboJPEG's TJFLAG_LIMITSCANS).
    static let maxScans = 500

    /// The image reduced to the plan's target, or nil when the colours need
    /// converting first (CMYK, YCCK): then the whole-image decoder takes it.
    static func decode(
        _ bytes: [UInt8], plan: DecodeGeometry, denominator: Int, limits: DecodeLimits
    ) throws(DecodeError) -> PixelBuffer? {
        let result: Result<PixelBuffer?, DecodeError> = bytes.withUnsafeBufferPointer { data in
            Result { () throws(DecodeError) -> PixelBuffer? in
                try decode(data, plan: plan, denominator: denominator, limits: limits)
            }
        }
        return try result.get()
    }

    private static func decode(
        _ data: UnsafeBufferPointer<UInt8>, plan: DecodeGeometry, denominator: Int, limits: DecodeLimits
    ) throws(DecodeError) -> PixelBuffer? {
        let jpeg = try LibJPEGDecompressor(data, path: plan.path)
        guard jpeg.isBGRACapable else { return nil }
        return try reduce(jpeg, plan: plan, denominator: denominator, limits: limits)
    }

    /// At 1/8, a decompressor over a copy of a progressive file without the AC scans that change
    /// nothing at that scale (`LibJPEGDecompressor.dcOnly`); nil for other files and scales.
    static func dcOnly(_ bytes: [UInt8], plan: DecodeGeometry, denominator: Int) throws(DecodeError)
        -> LibJPEGDecompressor?
    {
        guard denominator == 8 else { return nil }
        let result = bytes.withUnsafeBufferPointer { data in
            Result { () throws(DecodeError) -> LibJPEGDecompressor? in
                try LibJPEGDecompressor.dcOnly(data, path: plan.path)
            }
        }
        guard let jpeg = try result.get(), jpeg.isBGRACapable else { return nil }
        return jpeg
    }

    /// For a progressive file whose coefficients at 1/`denominator` are over the budget but
    /// whose 1/8 decode from its DC scans fits it: that decompressor, to decode at 1/8 (a smaller
    /// picture rather than none), and the megabytes the asked scale would have needed. Nil otherwise.
    static func smallerScale(_ bytes: [UInt8], plan: DecodeGeometry, denominator: Int, limits: DecodeLimits)
        throws(DecodeError) -> (jpeg: LibJPEGDecompressor, neededMB: Int)?
    {
        guard denominator != 8 else { return nil }
        let result = bytes.withUnsafeBufferPointer { data in
            Result { () throws(DecodeError) -> (jpeg: LibJPEGDecompressor, neededMB: Int)? in
                let whole = try LibJPEGDecompressor(data, path: plan.path)
                guard whole.isMultiScan, whole.isBGRACapable, whole.coefficientBytes > limits.maxProgressiveBytes,
                    let dcOnly = try LibJPEGDecompressor.dcOnly(data, path: plan.path),
                    dcOnly.isBGRACapable, dcOnly.coefficientBytes <= limits.maxProgressiveBytes
                else { return nil }
                return (dcOnly, whole.coefficientBytes >> 20)
            }
        }
        return try result.get()
    }

    /// Decodes `jpeg` at 1/`denominator`, its rows streamed into the downscale to the plan's target.
    static func reduce(
        _ jpeg: LibJPEGDecompressor, plan: DecodeGeometry, denominator: Int, limits: DecodeLimits
    ) throws(DecodeError) -> PixelBuffer {
        try checkBudget(jpeg, plan: plan, limits: limits)
        // Room for the coefficients and libjpeg's row buffers; its memory manager refuses more.
        jpeg.setLimits(maxMemory: limits.maxProgressiveBytes + (16 << 20), maxScans: maxScans)
        let size = try jpeg.start(denominator: denominator)
        let reducer = AreaReducer(
            sourceWidth: size.width, sourceHeight: size.height, width: plan.targetWidth, height: plan.targetHeight)
        let pipeline = ReducingPipeline(reducer: reducer)
        var left = size.height
        let reduced = try pipeline.run { (chunk) throws(DecodeError) -> Int in
            let n = min(pipeline.chunkRows, left)
            guard n > 0 else { return 0 }
            try jpeg.read(into: chunk, width: size.width, count: n)
            left -= n
            return n
        }
        try jpeg.finish()
        return reduced
    }

    /// Refuses a multi-scan file whose coefficient buffer is over the budget,
    /// naming what it would need (the output scale does not change it).
    private static func checkBudget(
        _ jpeg: LibJPEGDecompressor, plan: DecodeGeometry, limits: DecodeLimits
    ) throws(DecodeError) {
        guard jpeg.isMultiScan, jpeg.coefficientBytes > limits.maxProgressiveBytes else { return }
        let need = jpeg.coefficientBytes >> 20
        let budget = limits.maxProgressiveBytes >> 20
        throw DecodeError(
            path: plan.path,
            reason: "the progressive JPEG (\(jpeg.width)x\(jpeg.height)) needs \(need) MB to decode, over the "
                + "\(budget) MB budget for progressive files; save it as a baseline JPEG to show it")
    }
}
