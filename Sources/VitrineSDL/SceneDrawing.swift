import VitrineCore
import VitrineMedia

/// What the play loop needs from whatever draws its scenes: keep the slides'
/// images, and draw a scene into the renderer's target.
public protocol SceneDrawing: AnyObject {
    /// Keeps the image of source `key`; false when it could not be kept (the renderer refused it).
    @discardableResult
    func setImage(_ pixels: PixelBuffer, sourceSize: Size, for key: String) -> Bool
    /// Keeps the backdrop of source `key` (`--fill blur`), small: it is drawn scaled up.
    func setBackdrop(_ pixels: PixelBuffer, for key: String)
    func hasImage(_ key: String) -> Bool
    /// The upright source size of a kept image.
    func imageSize(_ key: String) -> Size?
    /// Drops every image whose key is not in `keep`.
    func retainOnly(_ keep: Set<String>)
    func removeAll()
    /// The keys of the images kept.
    var loadedKeys: Set<String> { get }
    /// Draws `scene` (not presented); `key` names the image of a slide index.
    func draw(_ scene: Scene, key: (Int) -> String?)
    /// The last frame was drawn approximately (fast motion) and must be drawn again even if nothing moves.
    var lastFrameApproximate: Bool { get }
}

extension SceneDrawing {
    public var lastFrameApproximate: Bool { false }
}

extension SceneRenderer: SceneDrawing {}
