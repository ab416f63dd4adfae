/// How an image is placed in the output.
public enum FitMode: String, CaseIterable, Sendable, Codable {
    /// The whole image is visible; bars of background where the aspects differ.
    case contain
    /// The image fills the output; what overflows is cropped.
    case cover

    /// The rectangle, centred in `bounds`, that an image of `image` size occupies.
    public func rect(for image: Size, in bounds: Rect) -> Rect {
        guard !image.isEmpty, !bounds.isEmpty else { return bounds }
        let sx = bounds.width / image.width
        let sy = bounds.height / image.height
        let scale: Double
        switch self {
        case .contain: scale = min(sx, sy)
        case .cover: scale = max(sx, sy)
        }
        return .centered(at: bounds.center, size: Size(width: image.width * scale, height: image.height * scale))
    }

    /// The pixel size an image should be decoded to for an output of `output` size.
    /// Never larger than the source, never larger than `maxSide` on either side.
    public func decodeSize(for image: Size, output: Size, maxSide: Double = 4096) -> Size {
        let fitted = rect(for: image, in: Rect(size: output)).size
        var scale = min(1, fitted.width / max(image.width, 1), fitted.height / max(image.height, 1))
        let longest = max(image.width, image.height) * scale
        if longest > maxSide { scale *= maxSide / longest }
        return Size(
            width: max(1, (image.width * scale).rounded()),
            height: max(1, (image.height * scale).rounded())
        )
    }
}
