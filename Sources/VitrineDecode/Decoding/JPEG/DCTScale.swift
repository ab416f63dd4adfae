/// The DCT-domain scaling libjpeg-turbo applies while decoding: 1/8, 1/4, 1/2 or 1.
/// Decoding at a smaller scale skips most of the inverse DCT work, and the
/// 1/2 and 1/4 paths are SIMD-accelerated.
public enum DCTScale {
    /// The denominators tried, smallest scale first.
    public static let denominators = [8, 4, 2, 1]

    /// The size of a `length`-pixel side decoded at 1/`denominator` (libjpeg rounds up).
    public static func scaled(_ length: Int, denominator: Int) -> Int {
        (length + denominator - 1) / denominator
    }

    /// The denominator of the smallest scale whose result still covers
    /// `targetWidth`×`targetHeight`, so the area downscale that follows never upsamples.
    public static func choose(width: Int, height: Int, targetWidth: Int, targetHeight: Int) -> Int {
        for denominator in denominators
        where scaled(width, denominator: denominator) >= targetWidth
            && scaled(height, denominator: denominator) >= targetHeight
        {
            return denominator
        }
        return 1
    }
}
