/// One image the show wants decoded: for which output size, fitted how.
public struct DecodeWant: Hashable, Sendable {
    public var path: String
    public var output: Size
    public var fit: FitMode
    public var background: RGBColor
    /// A video clip: opened by the host's video player, not decoded as an image.
    public var video = false
    /// The decode makes the photo's backdrop too (`--fill blur`).
    public var backdrop = false
    /// The decode looks for faces too (the photo may be cropped: `--fit cover`, Ken Burns).
    public var faces = false

    public init(path: String, output: Size, fit: FitMode, background: RGBColor, video: Bool = false) {
        self.video = video
        self.path = path
        self.output = output
        self.fit = fit
        self.background = background
    }
}
