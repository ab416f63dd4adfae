import CSDL2
import Foundation
import Testing
import VitrineCore
import VitrineMedia
import VitrineSDL

/// Frames composed straight into the renderer's surface (when the drawer is
/// told which surface that is) are the frames composed in a texture and copied there.
@Suite struct DirectCompositingTests {
    typealias Surface = SoftwareSceneRendererTests.Surface

    /// A zoom frame (opaque image, background fills around a scaled image at
    /// alpha) with a shape drawn over it by SDL.
    static func scene(output: Size) -> Scene {
        let background = RGBColor(r: 20, g: 30, b: 40)
        let full = Rect(size: output)
        let grown = Rect(x: 40, y: 25, width: 240, height: 150)
        var ops: [DrawOp] = [.image(slide: 0, rect: full, alpha: 1)]
        for part in full.subtracting(grown) { ops.append(.fill(rect: part, color: background, alpha: 0.55)) }
        ops.append(.image(slide: 1, rect: grown, alpha: 0.55))
        ops.append(.disc(center: Point(x: 160, y: 100), radius: 30, color: RGBColor(r: 250, g: 200, b: 0), alpha: 0.8))
        return Scene(size: output, background: background, ops: ops)
    }

    static func images(width: Int, height: Int) -> [PixelBuffer] {
        (0..<2).map { seed in
            let pixels = (0..<(width * height)).map { i -> UInt32 in
                let x = i % width
                let y = i / width
                return PixelBuffer.argb(
                    UInt8(truncatingIfNeeded: x * (3 + seed) + y), UInt8(truncatingIfNeeded: y * (5 - seed)),
                    UInt8(truncatingIfNeeded: (x ^ y) &* (7 + seed)))
            }
            return PixelBuffer(width: width, height: height, pixels: pixels)
        }
    }

    /// The frames of a moving zoom (nearest-sampled) then at rest (bilinear),
    /// drawn by `drawer` into `surface`, each with whether it was composed straight into the surface.
    static func frames(_ drawer: SoftwareSceneRenderer, on surface: Surface) -> [(PixelBuffer, direct: Bool)] {
        let output = Size(width: 320, height: 200)
        let names = ["a", "b"]
        for (name, image) in zip(names, images(width: 320, height: 200)) {
            drawer.setImage(image, sourceSize: image.size, for: name)
        }
        defer { drawer.removeAll() }
        let key: (Int) -> String? = { names.indices.contains($0) ? names[$0] : nil }
        var first = scene(output: output)
        // The same frame a moment earlier, with the incoming image smaller: it moves.
        if case .image(let slide, let rect, let alpha) = first.ops[first.ops.count - 2] {
            first.ops[first.ops.count - 2] = .image(
                slide: slide,
                rect: Rect(x: rect.x + 8, y: rect.y + 5, width: rect.width - 16, height: rect.height - 10),
                alpha: alpha)
        }
        return [first, scene(output: output), scene(output: output)].map {
            (surface.draw($0, with: drawer, key: key), drawer.lastFrameDirect)
        }
    }

    /// The colour channels only: in RGB888 the top byte is unused.
    static func colours(_ buffer: PixelBuffer) -> [UInt32] { buffer.pixels.map { $0 & 0x00FF_FFFF } }

    @Test(arguments: [SDL_PIXELFORMAT_ARGB8888.rawValue, SDL_PIXELFORMAT_RGB888.rawValue])
    func directFramesEqualTextureFrames(format: UInt32) throws {
        let viaTexture = try #require(Surface(width: 320, height: 200, format: format))
        let direct = try #require(Surface(width: 320, height: 200, format: format))
        let expected = Self.frames(SoftwareSceneRenderer(renderer: viaTexture.renderer), on: viaTexture)
        let surface = direct.surface
        let got = Self.frames(SoftwareSceneRenderer(renderer: direct.renderer, target: { surface }), on: direct)
        #expect(got.count == expected.count)
        #expect(got.allSatisfy(\.direct) && !expected.contains(where: \.direct))
        for (g, e) in zip(got, expected) { #expect(Self.colours(g.0) == Self.colours(e.0)) }
        // The frames differ from one another, so equal frames are not all the same picture.
        #expect(Self.colours(got[0].0) != Self.colours(got[1].0))
    }

    /// While the renderer draws into a texture (a rotated screen), the surface is left alone.
    @Test func aRenderTargetIsDrawnThroughTheRenderer() throws {
        let canvas = try #require(Surface(width: 320, height: 200))
        let texture = try #require(
            SDL_CreateTexture(
                canvas.renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), 320, 200))
        defer { SDL_DestroyTexture(texture) }
        let surface = canvas.surface
        let untouched = PixelBuffer(copying: surface)
        SDL_SetRenderTarget(canvas.renderer, texture)
        let drawn = Self.frames(SoftwareSceneRenderer(renderer: canvas.renderer, target: { surface }), on: canvas)
        var pixels = [UInt32](repeating: 0, count: 320 * 200)
        SDL_RenderReadPixels(canvas.renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, &pixels, 320 * 4)
        SDL_SetRenderTarget(canvas.renderer, nil)
        #expect(drawn.allSatisfy { $0.0.pixels == untouched.pixels && !$0.direct })
        let reference = try #require(Surface(width: 320, height: 200))
        let expected = Self.frames(SoftwareSceneRenderer(renderer: reference.renderer), on: reference)
        #expect(pixels == expected[expected.count - 1].0.pixels)
    }
}
