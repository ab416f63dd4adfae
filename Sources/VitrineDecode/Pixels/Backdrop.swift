import VitrineBase

/// The backdrop of `--fill blur`: the photo enlarged to cover the screen, blurred and
/// dimmed, made small (an eighth of the output's size at most) so it costs little to make,
/// send and keep; the drawer scales it up.
public enum Backdrop {
    /// The longest side a backdrop has.
    public static let maxSide = 256
    /// How much of the photo's brightness the backdrop keeps (0…256).
    static let brightness: UInt32 = 150

    /// The backdrop's size for an output of `output` size: an eighth of it, at its aspect.
    public static func size(for output: Size) -> (width: Int, height: Int) {
        let long = max(output.width, output.height, 1)
        let side = min(Double(maxSide), max(8, (long / 8).rounded()))
        return (
            max(1, Int((output.width / long * side).rounded())), max(1, Int((output.height / long * side).rounded()))
        )
    }

    /// `image`'s middle at the output's aspect, made small, blurred and dimmed.
    public static func make(from image: PixelBuffer, output: Size) -> PixelBuffer? {
        guard image.width > 0, image.height > 0, output.width > 0, output.height > 0 else { return nil }
        let (width, height) = size(for: output)
        // The part of the photo that covers the screen: cut to the screen's aspect.
        let aspect = output.width / output.height
        var cropWidth = image.width
        var cropHeight = image.height
        if Double(image.width) / Double(image.height) > aspect {
            cropWidth = max(1, min(image.width, Int((Double(image.height) * aspect).rounded())))
        } else {
            cropHeight = max(1, min(image.height, Int((Double(image.width) / aspect).rounded())))
        }
        let left = (image.width - cropWidth) / 2
        let top = (image.height - cropHeight) / 2
        var reducer = AreaReducer(sourceWidth: cropWidth, sourceHeight: cropHeight, width: width, height: height)
        image.pixels.withUnsafeBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            for y in top..<(top + cropHeight) {
                reducer.add(row: UnsafeBufferPointer(start: base + y * image.width + left, count: cropWidth))
            }
        }
        var small = reducer.finish()
        blur(&small)
        return small
    }

    /// Three box blurs each way (close to a Gaussian), a sixteenth of the width across,
    /// then dimmed.
    static func blur(_ buffer: inout PixelBuffer) {
        let w = buffer.width
        let h = buffer.height
        let radius = max(1, max(w, h) / 16)
        var channels = [[Int32]](repeating: [Int32](repeating: 0, count: w * h), count: 3)
        for (i, pixel) in buffer.pixels.enumerated() {
            channels[0][i] = Int32((pixel >> 16) & 0xFF)
            channels[1][i] = Int32((pixel >> 8) & 0xFF)
            channels[2][i] = Int32(pixel & 0xFF)
        }
        var line = [Int32](repeating: 0, count: max(w, h))
        for c in 0..<3 {
            for _ in 0..<3 {
                for y in 0..<h { boxBlur(&channels[c], start: y * w, stride: 1, count: w, radius: radius, line: &line) }
                for x in 0..<w { boxBlur(&channels[c], start: x, stride: w, count: h, radius: radius, line: &line) }
            }
        }
        for i in 0..<(w * h) {
            let r = (UInt32(channels[0][i]) * brightness) >> 8
            let g = (UInt32(channels[1][i]) * brightness) >> 8
            let b = (UInt32(channels[2][i]) * brightness) >> 8
            buffer.pixels[i] = 0xFF00_0000 | r << 16 | g << 8 | b
        }
    }

    /// One box blur along a line of `count` values `stride` apart, the edges repeated.
    private static func boxBlur(
        _ values: inout [Int32], start: Int, stride: Int, count: Int, radius: Int, line: inout [Int32]
    ) {
        for i in 0..<count { line[i] = values[start + i * stride] }
        let span = Int32(2 * radius + 1)
        var sum: Int32 = 0
        for k in -radius...radius { sum += line[min(max(k, 0), count - 1)] }
        for i in 0..<count {
            values[start + i * stride] = (sum + span / 2) / span
            sum += line[min(i + radius + 1, count - 1)] - line[max(i - radius, 0)]
        }
    }
}
