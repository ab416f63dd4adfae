import CTurboJPEG
import Synchronization
import VitrineBase

/// Decodes JPEG with libjpeg-turbo: DCT scaling to the smallest size that
/// still covers the target, straight to 32-bit pixels, then an area downscale
/// and the EXIF orientation. Large baseline files are decoded on two threads
/// straight into the downscale (`JPEGBandDecoder`); the others that are
/// reduced (progressive, grayscale, small) stream their rows into it
/// (`JPEGRowDecoder`), as do those decoded at the DCT-scaled size itself
/// (progressive ones at 1/8 from their DC scans and the chroma's AC scans only);
/// large progressive ones at other scales are decoded on two threads (`JPEGSplitDecoder`);
/// CMYK goes through TurboJPEG whole.
struct JPEGDecoder {
    var limits: DecodeLimits
    private static let log = Log("decode")
    /// Files already warned about being shown at 1/8 over the progressive budget.
    private static let budgetWarned = Mutex<Set<String>>([])

    /// Takes the file's bytes over, so they are freed as soon as the pixels are out.
    func decode(_ bytes: consuming [UInt8], request: DecodeRequest) throws(DecodeError) -> DecodedImage {
        let path = request.path
        guard let turbo = TurboJPEGHandle.decompressor() else {
            throw DecodeError(path: path, reason: "cannot start the JPEG decoder (out of memory?)")
        }
        let header = try turbo.header(bytes, path: path)
        let plan = try DecodeGeometry(
            storedWidth: header.width, storedHeight: header.height,
            orientation: ExifOrientation.of(bytes, format: .jpeg), request: request, limits: limits)
        let denominator = DCTScale.choose(
            width: header.width, height: header.height, targetWidth: plan.targetWidth,
            targetHeight: plan.targetHeight)
        let w = DCTScale.scaled(header.width, denominator: denominator)
        let h = DCTScale.scaled(header.height, denominator: denominator)
        let reduces = w != plan.targetWidth || h != plan.targetHeight
        if let dcOnly = try JPEGRowDecoder.dcOnly(bytes, plan: plan, denominator: denominator) {
            // The decompressor reads its own copy of the scans it needs: the file's bytes can go.
            _ = consume bytes
            return plan.finish(try JPEGRowDecoder.reduce(dcOnly, plan: plan, denominator: denominator, limits: limits))
        }
        if let smaller = try JPEGRowDecoder.smallerScale(bytes, plan: plan, denominator: denominator, limits: limits) {
            _ = consume bytes
            // Said once per file in this process, not each time the show comes round to it.
            if Self.budgetWarned.withLock({ $0.insert(path).inserted }) {
                Self.log.warning(
                    "\(path): the progressive JPEG needs \(smaller.neededMB) MB to decode at 1/\(denominator) scale, over the "
                        + "\(limits.maxProgressiveBytes >> 20) MB budget for progressive files; shown at 1/8 scale instead"
                )
            }
            return plan.finish(try JPEGRowDecoder.reduce(smaller.jpeg, plan: plan, denominator: 8, limits: limits))
        }
        if let split = try JPEGSplitDecoder.open(bytes, plan: plan, denominator: denominator, limits: limits) {
            // The pair reads its own copies of the scans: the file's bytes can go.
            _ = consume bytes
            return plan.finish(try JPEGSplitDecoder.decode(split, plan: plan, denominator: denominator, limits: limits))
        }
        if reduces, !header.isCMYK,
            let reduced = try JPEGBandDecoder.decode(bytes, plan: plan, denominator: denominator)
        {
            return plan.finish(reduced)
        }
        // Also at the decoded size (the downscale then copies rows): libjpeg reports a file
        // cut short precisely, where TurboJPEG may pass it off as a harmless warning.
        if !header.isCMYK,
            let reduced = try JPEGRowDecoder.decode(bytes, plan: plan, denominator: denominator, limits: limits)
        {
            return plan.finish(reduced)
        }
        var scaled = try turbo.decompress(bytes, width: w, height: h, cmyk: header.isCMYK, path: path)
        _ = consume bytes
        if !reduces {
            return plan.finish(PixelBuffer(width: w, height: h, pixels: scaled))
        }
        let reduced = scaled.withUnsafeBufferPointer { pixels in
            AreaReducer.reduceInBands(pixels, width: w, height: h, to: plan.targetWidth, plan.targetHeight)
        }
        scaled = []
        return plan.finish(reduced)
    }
}
