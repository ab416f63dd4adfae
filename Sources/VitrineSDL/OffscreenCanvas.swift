import CSDL2
import Foundation
import VitrineCore
import VitrineMedia

/// SDL's software renderer drawing into a memory surface: no display, no
/// video driver. Used by `vitrine snapshot` and by tests.
public final class OffscreenCanvas {
    private let surface: UnsafeMutablePointer<SDL_Surface>
    private let renderer: OpaquePointer
    /// SDL's own drawing of scenes (text and shapes always go through it).
    public let scene: SceneRenderer
    /// What draws the frames: `scene`, or the Swift compositor as on the software renderer of a window.
    public let drawer: any SceneDrawing
    private let rotated: RotatedOutput
    public let width: Int
    public let height: Int

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// `composed` draws the pictures with the Swift compositor, exactly as `play` does on
    /// SDL's software renderer, instead of with SDL's renderer.
    public init(width: Int, height: Int, fontPath: String? = nil, composed: Bool = false) throws(Failure) {
        guard
            let surface = SDL_CreateRGBSurfaceWithFormat(
                // Composed frames go into the format of a window's surface, as in `play`.
                0, Int32(width), Int32(height), 32,
                composed ? SDL_PIXELFORMAT_RGB888.rawValue : SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { throw Failure(description: "cannot create a \(width)x\(height) surface: \(SDLError.message())") }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw Failure(description: "cannot create the software renderer: \(SDLError.message())")
        }
        self.surface = surface
        self.renderer = renderer
        self.scene = SceneRenderer(renderer: renderer, fontPath: fontPath)
        self.drawer =
            composed ? SoftwareSceneRenderer(renderer: renderer, fontPath: fontPath, target: { surface }) : scene
        self.rotated = RotatedOutput(renderer: renderer)
        self.width = width
        self.height = height
    }

    deinit {
        drawer.removeAll()
        scene.removeAll()
        rotated.reset()
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    /// Draws a scene into the surface; with a rotation, `frame` is laid out for
    /// the turned size and drawn turned, as on a rotated screen.
    public func draw(_ frame: Scene, rotation: ScreenRotation = .none, key: (Int) -> String?) {
        let panel = Size(width: Double(width), height: Double(height))
        rotated.draw(frame, rotation: rotation, panel: panel, with: drawer, key: key)
        // Fails only for a renderer that is not valid, and this one lives as long as the canvas.
        SDL_RenderFlush(renderer)
    }

    /// The surface's pixels.
    public func pixels() -> PixelBuffer {
        PixelBuffer(copying: surface)
    }

    /// Writes the surface as PNG.
    /// Writes the frame as an RGB PNG, compressed for speed (`PNGEncoder.Effort.fast`):
    /// SDL2_image's writer spends most of a snapshot's time in zlib on a photo.
    public func savePNG(to path: String) throws(Failure) {
        guard let png = PNGEncoder.encode(PixelBuffer(copying: surface), effort: .fast) else {
            throw Failure(description: "cannot write \(path): the PNG encoder failed")
        }
        do {
            try Data(png).write(to: URL(fileURLWithPath: path))
        } catch {
            throw Failure(description: "cannot write \(path): \(error.localizedDescription)")
        }
    }
}
