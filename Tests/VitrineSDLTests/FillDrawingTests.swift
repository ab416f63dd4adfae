import Foundation
import Testing
import VitrineCore
import VitrineMedia
import VitrineSDL

/// `--fill`: around a letterboxed photo the screen shows the photo's backdrop (not black,
/// the backdrop's colours, the same with SDL's renderer and the Swift compositor), or the
/// fill's colour; the photo itself is drawn as before.
@Suite struct FillDrawingTests {
    static let output = Size(width: 640, height: 360)
    static let path = SoftwareCompositorTests.demo.appendingPathComponent("astronaut.png").path

    /// The first slide drawn at a time within its dwell, by the given drawer.
    static func frame(fill: FillStyle?, composed: Bool) throws -> (PixelBuffer, DecodedImage) {
        var options = ShowStyle()
        options.fill = fill
        let image = try MediaDecoder().decode(
            DecodeRequest(path: path, output: output, fit: .contain, background: .black, backdrop: true))
        var engine = ShowEngine(slides: [Slide(path: path)], options: options, output: output)
        _ = engine.run(to: ShowTime(seconds: 2)) { _ in true }
        let scene = engine.scene(at: ShowTime(seconds: 2)) { _ in image.sourceSize }
        let canvas = try OffscreenCanvas(width: Int(output.width), height: Int(output.height), composed: composed)
        canvas.drawer.setImage(image.pixels, sourceSize: image.sourceSize, for: path)
        if let backdrop = image.backdrop { canvas.drawer.setBackdrop(backdrop, for: path) }
        canvas.draw(scene) { $0 == 0 ? path : nil }
        return (canvas.pixels(), image)
    }

    static func channels(_ pixel: UInt32) -> [Int] {
        [Int((pixel >> 16) & 0xFF), Int((pixel >> 8) & 0xFF), Int(pixel & 0xFF)]
    }

    @Test(arguments: [true, false])
    func blurFillsTheBarsWithTheBackdrop(_ composed: Bool) throws {
        let (frame, image) = try Self.frame(fill: .blur, composed: composed)
        let backdrop = try #require(image.backdrop)
        // The square photo on 640x360: 360x360 in the middle, bars of 140 px each side.
        var worst = 0
        var lit = 0
        for y in stride(from: 2, to: 358, by: 7) {
            for x in Array(stride(from: 2, to: 136, by: 7)) + Array(stride(from: 504, to: 638, by: 7)) {
                let got = Self.channels(frame[x, y])
                if got.reduce(0, +) > 45 { lit += 1 }
                // The backdrop's pixel under this one (it covers the screen, scaled up).
                let bx = min(backdrop.width - 1, x * backdrop.width / 640)
                let by = min(backdrop.height - 1, y * backdrop.height / 360)
                let want = Self.channels(backdrop[bx, by])
                worst = max(worst, zip(got, want).map { abs($0 - $1) }.max() ?? 0)
            }
        }
        #expect(lit > 0 && worst <= 16, "composed \(composed): \(lit) lit samples, off by up to \(worst)")
        // The photo is where it was, untouched.
        let (plain, _) = try Self.frame(fill: nil, composed: composed)
        for (x, y) in [(320, 180), (145, 10), (494, 350)] {
            #expect(frame[x, y] & 0xFF_FFFF == plain[x, y] & 0xFF_FFFF, "\(x),\(y)")
        }
        // Without a fill the bars stay black.
        #expect(Self.channels(plain[20, 180]) == [0, 0, 0])
    }

    /// A photo at rest with its bars is drawn as one layer of both (at rest and in a fade), and
    /// the frame is the very one the compositor draws from the bars and the photo apart.
    @Test(arguments: [2.0, 8.4])
    func photoAndBarsAsOneLayerDrawTheSameFrame(_ time: Double) throws {
        var options = ShowStyle()
        options.fill = .blur
        let second = SoftwareCompositorTests.demo.appendingPathComponent("coffee.png").path
        let paths = [Self.path, second]
        var images: [PixelBuffer] = []
        var backdrops: [PixelBuffer] = []
        var sizes: [Size] = []
        for path in paths {
            let image = try MediaDecoder().decode(
                DecodeRequest(path: path, output: Self.output, fit: .contain, background: .black, backdrop: true))
            images.append(image.pixels)
            backdrops.append(try #require(image.backdrop))
            sizes.append(image.sourceSize)
        }
        var engine = ShowEngine(slides: paths.map { Slide(path: $0) }, options: options, output: Self.output)
        _ = engine.run(to: ShowTime(seconds: time)) { _ in true }
        let scene = engine.scene(at: ShowTime(seconds: time)) { sizes.indices.contains($0) ? sizes[$0] : nil }
        let width = Int(Self.output.width)
        let height = Int(Self.output.height)
        let canvas = try OffscreenCanvas(width: width, height: height, composed: true)
        for (i, path) in paths.enumerated() {
            canvas.drawer.setImage(images[i], sourceSize: sizes[i], for: path)
            canvas.drawer.setBackdrop(backdrops[i], for: path)
        }
        canvas.draw(scene) { paths.indices.contains($0) ? paths[$0] : nil }
        let drawer = try #require(canvas.drawer as? SoftwareSceneRenderer)
        let slides = Set(
            scene.ops.compactMap { op -> Int? in
                if case .backdrop(let slide, _, _, _) = op { return slide }
                return nil
            })
        // At rest one slide has bars; in the fade both have.
        #expect(slides.count == (time > 8 ? 2 : 1), "\(slides)")
        #expect(drawer.lastFrameLayers == slides.count, "\(drawer.lastFrameLayers) layers for \(slides)")
        // The compositor alone, each backdrop scaled up to the screen as the renderer does it.
        let screen = Rect(size: Self.output)
        let screenBackdrops = backdrops.map { small in
            SceneCompositor(width: width, height: height).render(
                Scene(size: Self.output, background: .black, ops: [.image(slide: 0, rect: screen, alpha: 1)])
            ) { _ in small }
        }
        let expected = SceneCompositor(width: width, height: height).render(
            Scene(size: scene.size, background: scene.background, ops: scene.ops)
        ) {
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

    /// A pair fading in over a full-screen photo: its photos and the background beside and
    /// between them tile the screen at one alpha, so they are blended as one layer, and the
    /// frame is the very one the compositor draws from them apart.
    @Test func pairFadingInIsOneLayerAndTheSameFrame() throws {
        let output = Size(width: 400, height: 200)
        var options = ShowStyle()
        options.pair = true
        options.background = RGBColor(r: 30, g: 200, b: 90)
        let names = ["wide", "left", "right"]
        let sizes = [Size(width: 400, height: 200), Size(width: 600, height: 900), Size(width: 600, height: 900)]
        var engine = ShowEngine(slides: names.map { Slide(path: $0) }, options: options, output: output)
        let time = 8.4
        _ = engine.run(
            to: ShowTime(seconds: time), isReady: { _ in true },
            imageSize: { sizes.indices.contains($0) ? sizes[$0] : nil })
        let scene = engine.scene(at: ShowTime(seconds: time)) { sizes.indices.contains($0) ? sizes[$0] : nil }
        var images: [Int: PixelBuffer] = [:]
        for case .image(let slide, let rect, _) in scene.ops {
            let (w, h) = (Int(rect.width), Int(rect.height))
            let pixels = (0..<(w * h)).map { i -> UInt32 in
                0xFF00_0000 | UInt32((i % w) * 255 / w) << 16 | UInt32((i / w) * 255 / h) << 8 | UInt32(slide * 90)
            }
            images[slide] = PixelBuffer(width: w, height: h, pixels: pixels)
        }
        #expect(images.count == 3, "the pair fades in over the wide photo: \(scene.ops)")
        let canvas = try OffscreenCanvas(width: 400, height: 200, composed: true)
        for (slide, pixels) in images {
            canvas.drawer.setImage(pixels, sourceSize: sizes[slide], for: names[slide])
        }
        canvas.draw(scene) { names.indices.contains($0) ? names[$0] : nil }
        let drawer = try #require(canvas.drawer as? SoftwareSceneRenderer)
        #expect(drawer.lastFrameLayers == 1)
        let expected = SceneCompositor(width: 400, height: 200).render(scene) { images[$0] }
        let got = canvas.pixels()
        var differing = 0
        for y in 0..<200 {
            for x in 0..<400 where got[x, y] & 0xFF_FFFF != expected[x, y] & 0xFF_FFFF { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels differ")
    }

    @Test(arguments: [true, false])
    func colourFillsTheBarsWithIt(_ composed: Bool) throws {
        let (frame, _) = try Self.frame(fill: .color(RGBColor(r: 30, g: 60, b: 90)), composed: composed)
        for (x, y) in [(0, 0), (139, 180), (501, 359), (639, 100)] {
            #expect(Self.channels(frame[x, y]) == [30, 60, 90], "\(x),\(y)")
        }
    }
}
