import CJPEGShim

/// A libjpeg decompressor over a JPEG held in memory, for decoding a range of
/// rows (TurboJPEG decodes whole images only). Freed with its owner.
///
/// Each decompressor is used by one thread at a time; the two of a split pair run on two
/// threads, and what they share (the coefficients, who is where) is locked in the shim, as is
/// `stopSplit`, which the other thread may call.
final class LibJPEGDecompressor: @unchecked Sendable {
    private let jpeg: OpaquePointer
    private let path: String
    /// For the partner of a split pair: the decompressor that owns (and frees) it.
    private let owner: LibJPEGDecompressor?
    /// What the header says.
    let width: Int
    let height: Int
    /// Baseline, one scan, YCbCr: the kind a row range can be taken from cheaply.
    let isPlainYCbCr: Bool
    /// Progressive or otherwise in several scans: libjpeg then holds the whole image's coefficients.
    let isMultiScan: Bool
    /// YCbCr, RGB or grayscale: libjpeg gives BGRA straight (CMYK and YCCK need converting).
    let isBGRACapable: Bool
    /// The bytes of libjpeg's whole-image coefficient buffer for a multi-scan file (0 for one scan).
    let coefficientBytes: Int

    /// Reads the header of `data`, which must outlive the decompressor.
    convenience init(_ data: UnsafeBufferPointer<UInt8>, path: String) throws(DecodeError) {
        var header = vitrine_jpeg_header()
        guard let base = data.baseAddress, let jpeg = vitrine_jpeg_open(base, data.count, &header) else {
            throw DecodeError(path: path, reason: "cannot start the JPEG decoder (out of memory?)")
        }
        try self.init(jpeg, header: header, path: path)
    }

    /// A decompressor over the DC scans of a progressive file only, for the 1/8 scale, which
    /// then reads nothing else: the same pixels as the whole file, without decoding its AC scans,
    /// in 2 bytes a block instead of libjpeg's 128. Nil when the file is not one for it (not
    /// progressive, incomplete, cut short) or the library is not one it was proved on (`JPEGShimGuard`):
    /// then decode it whole. `data` need not outlive it.
    static func dcOnly(_ data: UnsafeBufferPointer<UInt8>, path: String, allowed: Bool = JPEGShimGuard.allowed)
        throws(DecodeError) -> LibJPEGDecompressor?
    {
        var header = vitrine_jpeg_header()
        guard allowed, let base = data.baseAddress, let jpeg = vitrine_jpeg_open_dc_only(base, data.count, &header)
        else {
            return nil
        }
        return try LibJPEGDecompressor(jpeg, header: header, path: path)
    }

    /// For a progressive file, a decompressor whose scans are split with its `partner()` over one
    /// coefficient buffer: both must be read at once on two threads, a band of rows each (each block
    /// row waits for the scans before it that touch the same coefficients). The very pixels of the
    /// whole file, its entropy decoding shared between two cores. Nil when the file is not one for
    /// it (not progressive, cut short, small, nothing to split) or the library is not one the split
    /// was proved on (`JPEGShimGuard`): then decode it whole. `data` need not outlive it.
    /// `roles`, for tests: the split itself (which of the pair reads each scan, 0 or 1, in file order).
    static func split(
        _ data: UnsafeBufferPointer<UInt8>, path: String, roles: [Int32]? = nil, allowed: Bool = JPEGShimGuard.allowed
    ) throws(DecodeError) -> LibJPEGDecompressor? {
        var header = vitrine_jpeg_header()
        guard allowed, let base = data.baseAddress else { return nil }
        let opened =
            if let roles {
                vitrine_jpeg_open_split_as(base, data.count, roles, Int32(roles.count), &header)
            } else {
                vitrine_jpeg_open_split(base, data.count, &header)
            }
        guard let jpeg = opened else { return nil }
        return try LibJPEGDecompressor(jpeg, header: header, path: path)
    }

    /// The other of a split pair (see `split`); it keeps this one alive.
    func partner() throws(DecodeError) -> LibJPEGDecompressor? {
        guard let other = vitrine_jpeg_split_partner(jpeg) else { return nil }
        var header = vitrine_jpeg_header()
        header.width = Int32(width)
        header.height = Int32(height)
        header.is_multi_scan = isMultiScan ? 1 : 0
        header.is_bgra_capable = isBGRACapable ? 1 : 0
        header.coefficient_bytes = coefficientBytes
        return try LibJPEGDecompressor(other, header: header, path: path, owner: self)
    }

    /// The share of the rows the first of a split pair should make (the top band) at
    /// 1/`denominator`, so that both are through together.
    func splitShare(denominator: Int) -> Double {
        vitrine_jpeg_split_share(jpeg, Int32(denominator))
    }

    /// Makes both of a split pair give up instead of waiting for the other's scans (after one failed).
    func stopSplit() {
        vitrine_jpeg_split_stop(jpeg)
    }

    /// Whether the last error was giving up because the other of a split pair failed.
    var gaveUpForPartner: Bool { vitrine_jpeg_stopped(jpeg) != 0 }

    private init(
        _ jpeg: OpaquePointer, header: vitrine_jpeg_header, path: String, owner: LibJPEGDecompressor? = nil
    ) throws(DecodeError) {
        self.jpeg = jpeg
        self.path = path
        self.owner = owner
        self.width = Int(header.width)
        self.height = Int(header.height)
        self.isPlainYCbCr = header.is_plain_ycc != 0
        self.isMultiScan = header.is_multi_scan != 0
        self.isBGRACapable = header.is_bgra_capable != 0
        self.coefficientBytes = header.coefficient_bytes
        try check(vitrine_jpeg_failed(jpeg) == 0)
    }

    deinit {
        if owner == nil { vitrine_jpeg_close(jpeg) }
    }

    /// Caps libjpeg's own allocations at `maxMemory` bytes (it refuses more with an error) and
    /// the scans of a multi-scan file at `maxScans`.
    func setLimits(maxMemory: Int, maxScans: Int) {
        vitrine_jpeg_set_limits(jpeg, maxMemory, Int32(maxScans))
    }

    /// Starts decoding at DCT scale 1/`denominator` to BGRA (ARGB8888 in a
    /// little-endian word); returns the decoded size.
    func start(denominator: Int) throws(DecodeError) -> (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        try check(vitrine_jpeg_start(jpeg, Int32(denominator), &w, &h) == 0)
        return (Int(w), Int(h))
    }

    /// Skips `rows` decoded rows.
    func skip(_ rows: Int) throws(DecodeError) {
        try check(vitrine_jpeg_skip(jpeg, Int32(rows)) == 0)
    }

    /// Reads `count` rows of `width` pixels into `pixels`; fewer rows than asked is an error.
    func read(into pixels: UnsafeMutableBufferPointer<UInt32>, width: Int, count: Int) throws(DecodeError) {
        precondition(pixels.count >= width * count, "the buffer must hold the rows")
        let raw = UnsafeMutableRawPointer(pixels.baseAddress)?.assumingMemoryBound(to: UInt8.self)
        let got = vitrine_jpeg_read(jpeg, raw, width * 4, Int32(count))
        try check(got == Int32(count))
    }

    /// Reads on to the end marker after the last row.
    func finish() throws(DecodeError) {
        try check(vitrine_jpeg_finish(jpeg) == 0)
    }

    private func check(_ ok: Bool) throws(DecodeError) {
        guard !ok else { return }
        if vitrine_jpeg_truncated(jpeg) != 0 || vitrine_jpeg_failed(jpeg) == 0 {
            // Fewer rows than the header promised is a truncation too.
            throw DecodeError(path: path, reason: "the JPEG data ends early (the file is truncated); copy it again")
        }
        let message = String(cString: vitrine_jpeg_message(jpeg))
        throw DecodeError(path: path, reason: "cannot decode the JPEG (\(message)); the file is damaged")
    }
}
