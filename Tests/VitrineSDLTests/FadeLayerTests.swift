import Testing
import VitrineCore
import VitrineMedia
import VitrineSDL

/// A fade between photos not drawn at their decoded size (smaller than the screen, stretched
/// to fit it): each photo is stretched once into a layer where it stands, then every frame of
/// the fade only copies and blends the two layers, with no scaling, and draws the very frame
/// the compositor draws from the photos themselves. At rest the layers are let go.
@Suite struct FadeLayerTests {
    static let output = Size(width: 640, height: 360)
    /// 4:3, stretched to 480x360 at x = 80 (whole pixels); and wider, to 635.3x360 at x = 2.35.
    static let sizes = [Size(width: 200, height: 150), Size(width: 300, height: 170)]
    static let names = ["four-three", "wide"]

    /// Pixels that differ from their neighbours, so any change in the sampling shows.
    static func pattern(width: Int, height: Int, seed: UInt32) -> PixelBuffer {
        var state = seed
        let pixels = (0..<(width * height)).map { _ -> UInt32 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return 0xFF00_0000 | (state >> 8)
        }
        return PixelBuffer(width: width, height: height, pixels: pixels)
    }

    @Test(arguments: [FillStyle?.none, .blur])
    func fadeFramesBlendLayersWithoutScaling(_ fill: FillStyle?) throws {
        var options = ShowStyle()
        options.fill = fill
        options.background = RGBColor(r: 30, g: 60, b: 90)
        let images = Self.sizes.enumerated().map { i, size in
            Self.pattern(width: Int(size.width), height: Int(size.height), seed: UInt32(i + 7))
        }
        let backdrops = [Self.pattern(width: 32, height: 18, seed: 3), Self.pattern(width: 32, height: 18, seed: 5)]
        let width = Int(Self.output.width)
        let height = Int(Self.output.height)
        let screen = Rect(size: Self.output)
        let screenBackdrops = backdrops.map { small in
            SceneCompositor(width: width, height: height).render(
                Scene(size: Self.output, background: .black, ops: [.image(slide: 0, rect: screen, alpha: 1)])
            ) { _ in small }
        }
        let canvas = try OffscreenCanvas(width: width, height: height, composed: true)
        for i in images.indices {
            canvas.drawer.setImage(images[i], sourceSize: Self.sizes[i], for: Self.names[i])
            canvas.drawer.setBackdrop(backdrops[i], for: Self.names[i])
        }
        let drawer = try #require(canvas.drawer as? SoftwareSceneRenderer)
        var engine = ShowEngine(slides: Self.names.map { Slide(path: $0) }, options: options, output: Self.output)
        let size = { (i: Int) in Self.sizes.indices.contains(i) ? Self.sizes[i] : nil }
        let key = { (i: Int) in Self.names.indices.contains(i) ? Self.names[i] : nil }
        // At rest, then the fade frame by frame at 60 Hz, then at rest again.
        let times = [7.9] + (0..<6).map { 8.4 + Double($0) / 60 } + [10.0]
        for (n, time) in times.enumerated() {
            _ = engine.run(to: ShowTime(seconds: time), isReady: { _ in true }, imageSize: size)
            let scene = engine.scene(at: ShowTime(seconds: time), imageSize: size)
            canvas.draw(scene, key: key)
            let fading = scene.ops.contains { op in
                if case .image(_, _, let alpha) = op { return alpha < 1 }
                return false
            }
            #expect(fading == (time > 8 && time < 9), "at \(time) s")
            if fading && n >= 3 {
                // Both photos were stretched into layers in the fade's first two frames.
                #expect(drawer.lastFrameScalings == 0, "at \(time) s: \(drawer.lastFrameScalings) images stretched")
                #expect(drawer.lastFrameScaledLayers + drawer.lastFrameLayers == 2, "at \(time) s")
            }
            if !fading { #expect(drawer.lastFrameScaledLayers == 0, "at \(time) s") }
            let expected = SceneCompositor(width: width, height: height).render(scene) {
                images.indices.contains($0) ? images[$0] : nil
            } backdrop: {
                screenBackdrops.indices.contains($0) ? screenBackdrops[$0] : nil
            }
            let got = canvas.pixels()
            var differing = 0
            for y in 0..<height {
                for x in 0..<width where got[x, y] & 0xFF_FFFF != expected[x, y] & 0xFF_FFFF { differing += 1 }
            }
            #expect(differing == 0, "at \(time) s: \(differing) pixels differ")
        }
    }

    /// The compositor's stretched layer is the op's own pixels: drawn at its rectangle at any
    /// alpha it gives the frame the stretched op gives, and the compositor says it stretched
    /// nothing then (and one image before).
    @Test(arguments: [1.0, 0.37])
    func scaledLayerDrawsWhatTheStretchedImageDrew(_ alpha: Double) throws {
        let compositor = SceneCompositor(width: 320, height: 200)
        let photo = Self.pattern(width: 90, height: 70, seed: 11)
        let under = Self.pattern(width: 320, height: 200, seed: 13)
        // Partly off the frame on the left and at the bottom, on fractions of pixels.
        let rect = Rect(x: -20.6, y: 31.3, width: 210.8, height: 190.4)
        let layer = try #require(compositor.scaledLayer(photo, in: rect))
        #expect(layer.rect == Rect(x: 0, y: 31, width: 190, height: 169))
        func frame(_ op: DrawOp, _ top: PixelBuffer) -> (PixelBuffer, Int) {
            var pixels = under.pixels
            let stretched = pixels.withUnsafeMutableBufferPointer { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return compositor.draw(
                    Scene(
                        size: Size(width: 320, height: 200), background: .black,
                        ops: [.image(slide: 0, rect: Rect(x: 0, y: 0, width: 320, height: 200), alpha: 1), op]),
                    into: base, pitch: 320
                ) { $0 == 0 ? under : top }
            }
            return (PixelBuffer(width: 320, height: 200, pixels: pixels), stretched)
        }
        let (expected, before) = frame(.image(slide: 1, rect: rect, alpha: alpha), photo)
        let (got, after) = frame(.image(slide: 1, rect: layer.rect, alpha: alpha), layer.pixels)
        #expect(before == 1 && after == 0)
        #expect(got.pixels == expected.pixels)
        #expect(compositor.scaledLayer(photo, in: Rect(x: 3, y: 4, width: 90, height: 70)) == nil)
    }
}
