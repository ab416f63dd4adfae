import CSDL2
import Foundation
import Testing
import VitrineCore
import VitrineMedia
import VitrineSDL

/// The software renderer's drawer (Swift compositing, then text and shapes
/// through SDL) gives the frame SDL's own path gives, overlays included.
@Suite struct SoftwareSceneRendererTests {
    /// An SDL software renderer drawing into a memory surface.
    final class Surface {
        let surface: UnsafeMutablePointer<SDL_Surface>
        let renderer: OpaquePointer

        init?(width: Int, height: Int, format: UInt32 = SDL_PIXELFORMAT_ARGB8888.rawValue) {
            guard
                let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, format)
            else { return nil }
            guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
                SDL_FreeSurface(surface)
                return nil
            }
            self.surface = surface
            self.renderer = renderer
        }

        deinit {
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
        }

        func draw(_ scene: Scene, with drawer: any SceneDrawing, key: (Int) -> String?) -> PixelBuffer {
            drawer.draw(scene, key: key)
            SDL_RenderFlush(renderer)
            return PixelBuffer(copying: surface)
        }
    }

    @Test func overlaysAreDrawnOverTheComposedPictures() throws {
        let demo = SoftwareCompositorTests.demo
        let paths = ["rocket.jpg", "coffee.png"].map { demo.appendingPathComponent($0).path }
        let output = Size(width: 320, height: 200)
        let images = try paths.map {
            try MediaDecoder().decode(DecodeRequest(path: $0, output: output, fit: .contain, background: .black))
        }
        let scene = Scene(
            size: output, background: RGBColor(r: 20, g: 30, b: 40),
            ops: [
                .image(
                    slide: 0, rect: FitMode.contain.rect(for: images[0].sourceSize, in: Rect(size: output)), alpha: 1),
                .image(
                    slide: 1, rect: FitMode.contain.rect(for: images[1].sourceSize, in: Rect(size: output)), alpha: 0.4),
                .disc(center: Point(x: 160, y: 100), radius: 30, color: RGBColor(r: 250, g: 200, b: 0), alpha: 0.8),
                .fill(rect: Rect(x: 10, y: 10, width: 60, height: 20), color: RGBColor(r: 0, g: 255, b: 0), alpha: 1),
            ])
        let key: (Int) -> String? = { paths.indices.contains($0) ? paths[$0] : nil }
        let sdlSurface = try #require(Surface(width: 320, height: 200))
        let sdl = SceneRenderer(renderer: sdlSurface.renderer)
        let oursSurface = try #require(Surface(width: 320, height: 200))
        let ours = SoftwareSceneRenderer(renderer: oursSurface.renderer)
        for (path, image) in zip(paths, images) {
            sdl.setImage(image.pixels, sourceSize: image.sourceSize, for: path)
            ours.setImage(image.pixels, sourceSize: image.sourceSize, for: path)
        }
        let expected = sdlSurface.draw(scene, with: sdl, key: key)
        let got = oursSurface.draw(scene, with: ours, key: key)
        defer {
            sdl.removeAll()
            ours.removeAll()
        }
        var worst = 0
        for i in expected.pixels.indices {
            for shift in [16, 8, 0] as [UInt32] {
                worst = max(
                    worst, abs(Int((expected.pixels[i] >> shift) & 0xFF) - Int((got.pixels[i] >> shift) & 0xFF)))
            }
        }
        #expect(worst <= 2)
        // The disc and the fill after it (drawn by SDL over the frame) are there.
        let disc = got[160, 100]
        #expect((disc >> 16) & 0xFF > 200 && (disc >> 8) & 0xFF > 150 && disc & 0xFF < 100)
        #expect(got[40, 20] == PixelBuffer.argb(0, 255, 0))
        #expect(ours.loadedKeys == Set(paths))
    }
}
