import Testing
import VitrineCore
import VitrineMedia

/// The frame of a pair (`--pair`) as the compositor draws it: both photos, and the gap between
/// them in the background colour.
@Suite struct PairCompositionTests {
    static let red = PixelBuffer.argb(220, 20, 20)
    static let blue = PixelBuffer.argb(20, 20, 220)
    static let background = RGBColor(r: 30, g: 200, b: 90)

    /// Two 2:3 portraits decoded at their drawn size on a 400 × 200 screen.
    func frame(at time: Double, transition: TransitionKind = .fade) -> (Scene, PixelBuffer) {
        let output = Size(width: 400, height: 200)
        var options = ShowStyle()
        options.pair = true
        options.background = Self.background
        options.transition = transition
        let sizes = [Size(width: 600, height: 900), Size(width: 600, height: 900)]
        var engine = ShowEngine(slides: [Slide(path: "left"), Slide(path: "right")], options: options, output: output)
        _ = engine.run(
            to: ShowTime(seconds: time), isReady: { _ in true },
            imageSize: { sizes.indices.contains($0) ? sizes[$0] : nil })
        let scene = engine.scene(at: ShowTime(seconds: time)) { sizes.indices.contains($0) ? sizes[$0] : nil }
        var images: [Int: PixelBuffer] = [:]
        for case .image(let slide, let rect, _) in scene.ops {
            images[slide] = PixelBuffer(
                width: Int(rect.width), height: Int(rect.height), color: slide == 0 ? Self.red : Self.blue)
        }
        let out = SceneCompositor(width: 400, height: 200).render(scene) { images[$0] }
        return (scene, out)
    }

    @Test func bothPhotosAndTheGapOfTheBackground() throws {
        let (scene, out) = frame(at: 1)
        var rects: [Int: Rect] = [:]
        for case .image(let slide, let rect, _) in scene.ops { rects[slide] = rect }
        let left = try #require(rects[0])
        let right = try #require(rects[1])
        let bg = PixelBuffer.argb(Self.background.r, Self.background.g, Self.background.b)
        #expect(out[Int(left.center.x), 100] == Self.red)
        #expect(out[Int(right.center.x), 100] == Self.blue)
        // Every column of the gap is the background, from top to bottom.
        for x in Int(left.maxX)..<Int(right.minX) {
            for y in [0, 50, 100, 199] { #expect(out[x, y] == bg) }
        }
        #expect(right.minX - left.maxX >= 2)
        // The photos touch the gap: the last column of the left one is red, the first of the right blue.
        #expect(out[Int(left.maxX) - 1, 100] == Self.red)
        #expect(out[Int(right.minX), 100] == Self.blue)
        // The margins outside are the background too.
        #expect(out[0, 100] == bg && out[399, 100] == bg)
    }
}
