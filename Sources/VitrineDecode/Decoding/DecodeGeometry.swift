import VitrineBase

/// What one decode aims for, worked out from the stored size, the orientation
/// and the request: the size to reduce to (in stored orientation) and the
/// upright source size the result reports.
struct DecodeGeometry {
    let path: String
    let storedWidth: Int
    let storedHeight: Int
    let orientation: Orientation
    /// The downscale target in stored orientation.
    let targetWidth: Int
    let targetHeight: Int
    let background: RGBColor

    /// Checks the pixel limit, then fits the upright size to the request's output.
    init(
        storedWidth: Int, storedHeight: Int, orientation: Orientation, request: DecodeRequest, limits: DecodeLimits
    ) throws(DecodeError) {
        try limits.check(width: storedWidth, height: storedHeight, path: request.path)
        self.path = request.path
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.orientation = orientation
        self.background = request.background
        let upright = orientation.upright(Size(width: Double(storedWidth), height: Double(storedHeight)))
        let fitted = request.fit.decodeSize(for: upright, output: request.output, maxSide: Double(request.maxSide))
        let target = orientation.stored(fitted)
        self.targetWidth = max(1, min(storedWidth, Int(target.width)))
        self.targetHeight = max(1, min(storedHeight, Int(target.height)))
    }

    var uprightSize: Size {
        orientation.upright(Size(width: Double(storedWidth), height: Double(storedHeight)))
    }

    var flattenColor: (r: UInt8, g: UInt8, b: UInt8) { (background.r, background.g, background.b) }

    /// A reducer from a decoded source of `width`×`height` to the target.
    func reducer(sourceWidth: Int, sourceHeight: Int) -> AreaReducer {
        AreaReducer(sourceWidth: sourceWidth, sourceHeight: sourceHeight, width: targetWidth, height: targetHeight)
    }

    /// The reduced pixels turned upright, as the decode's result.
    func finish(_ reduced: PixelBuffer) -> DecodedImage {
        DecodedImage(pixels: orientation.apply(reduced), sourceSize: uprightSize)
    }
}
