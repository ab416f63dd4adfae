import Testing

@testable import VitrineCore

/// The info panel: opened by a long press or `i`, closed by a tap outside it or the idle timeout.
@Suite("Info panel")
struct InfoPanelTests {
    static var exif: ImageMetadata {
        var m = ImageMetadata(description: nil, dateTaken: "2021:07:04 18:30:00")
        m.camera = "Canon EOS 5D"
        m.lens = "EF 35mm f/2"
        m.exposureTime = 1.0 / 250
        m.fNumber = 2.8
        m.iso = 200
        m.focalLength = 35
        m.latitude = 48.8584
        m.longitude = -2.2945
        return m
    }

    func engine(_ h: BrowseHarness, at time: Double, metadata: ImageMetadata? = exif) -> ShowEngine {
        var engine = ShowEngine(
            slides: (0..<h.count).map { Slide(path: "/photos/slide\($0).jpg") }, options: h.options,
            output: TestScreen.size, touch: h.touch)
        for e in h.script.events { engine.enqueue(e) }
        _ = engine.run(
            to: ShowTime(seconds: time), isReady: { _ in true }, imageSize: h.imageSize, metadata: { _ in metadata })
        return engine
    }

    func scene(_ h: BrowseHarness, at time: Double) -> Scene {
        engine(h, at: time).scene(at: ShowTime(seconds: time), imageSize: h.imageSize, metadata: { _ in Self.exif })
    }

    /// The opacity of the full-screen cover, 0 when none.
    func cover(_ s: Scene) -> Double {
        for case .fill(let rect, _, let alpha) in s.ops where rect == Rect(size: TestScreen.size) { return alpha }
        return 0
    }

    func texts(_ s: Scene) -> [String] {
        s.ops.compactMap { op -> String? in
            if case .text(let block, _, _) = op { return block.text }
            return nil
        }
    }

    @Test func theRowsSayWhatIsKnownAndLeaveOutTheRest() {
        let full = InfoPanel(
            slide: Slide(path: "/p/pier.jpg", caption: "The pier"), metadata: Self.exif,
            pixelSize: Size(width: 4032, height: 3024))
        #expect(
            full.rows.map(\.label) == ["File", "Taken", "Camera", "Lens", "Exposure", "Size", "Caption", "Location"])
        #expect(
            full.rows.map(\.value) == [
                "pier.jpg", "2021-07-04 18:30", "Canon EOS 5D", "EF 35mm f/2", "1/250 s · f/2.8 · ISO 200 · 35 mm",
                "4032 × 3024 px", "The pier", "48.8584° N, 2.2945° W",
            ])
        let bare = InfoPanel(
            slide: Slide(path: "/p/scan.png"), metadata: nil, pixelSize: Size(width: 800, height: 600))
        #expect(bare.rows.map(\.label) == ["File", "Size"])
        // Sized to its content: fewer rows, a shorter panel; near the top, centred.
        let a = full.rect(output: TestScreen.size)
        let b = bare.rect(output: TestScreen.size)
        #expect(b.height < a.height)
        #expect(b.width <= a.width)
        #expect(abs(a.center.x - 500) < 1e-9)
        #expect(a.minY < 50 && a.maxY < 500)
    }

    @Test func aLongPressOpensItScalingAndFadingInOverADimmedPhoto() throws {
        var h = BrowseHarness()
        let press = 1 + h.touch.gestures.longPressTime.value
        h.script = GestureScript().down(1, 0.5, 0.6, at: 1).up(1, 0.5, 0.6, at: press + 0.5)
        #expect(engine(h, at: press - 0.05).browse.info == nil)
        let midway = scene(h, at: press + InfoPanel.openDuration / 2)
        #expect(cover(midway) > 0.2 && cover(midway) < 0.4)
        let open = scene(h, at: press + 0.4)
        #expect(abs(cover(open) - InfoPanel.coverAlpha) < 1e-9)
        #expect(texts(open).contains("Canon EOS 5D"))
        // The panel grows: smaller at the midpoint, from the same top edge.
        func panel(_ s: Scene) -> Rect? {
            let fills = s.ops.compactMap { op -> Rect? in
                if case .fill(let rect, _, _) = op, rect != Rect(size: TestScreen.size) { return rect }
                return nil
            }
            // The panel is the largest; its buttons are fills inside it.
            return fills.max { $0.width * $0.height < $1.width * $1.height }
        }
        let small = try #require(panel(midway))
        let big = try #require(panel(open))
        #expect(small.width < big.width)
        #expect(small.minY == big.minY)
        // Still open after the finger lifts; the lift is not a tap.
        #expect(engine(h, at: press + 1).browse.info?.isOpen == true)
    }

    @Test func aTapOutsideClosesItAndOneInsideDoesNot() throws {
        var h = BrowseHarness()
        h.script.events = [InputEvent(time: ShowTime(seconds: 1), kind: .key(.i))]
        let opened = engine(h, at: 1.5)
        #expect(opened.mode == .browse)
        let rect = try #require(opened.browse.infoRect)
        let inside = (rect.center.x / 1000, rect.center.y / 500)
        h.script = h.script.tap(inside.0, inside.1, at: 2)
        #expect(engine(h, at: 2.5).browse.info?.isOpen == true)
        #expect(cover(scene(h, at: 2.5)) > 0.5)
        h.script = h.script.tap(0.5, 0.95, at: 3)
        #expect(engine(h, at: 3.1).browse.info?.isOpen == false)
        #expect(engine(h, at: 3.5).browse.info == nil)
        #expect(cover(scene(h, at: 3.5)) == 0)
        #expect(engine(h, at: 3.5).overlaysVisible, "the closing tap does not toggle the overlays")
        // The key closes it too.
        h.script.events = [
            InputEvent(time: ShowTime(seconds: 1), kind: .key(.i)),
            InputEvent(time: ShowTime(seconds: 2), kind: .key(.i)),
        ]
        #expect(engine(h, at: 2.5).browse.info == nil)
    }

    @Test func theIdleTimeoutClosesIt() {
        var h = BrowseHarness()
        h.touch.idleTimeout = 3
        h.script.events = [InputEvent(time: ShowTime(seconds: 1), kind: .key(.i))]
        #expect(engine(h, at: 3.9).browse.info != nil)
        let idle = engine(h, at: 4.1)
        #expect(idle.mode == .attract)
        #expect(idle.browse.info == nil)
        #expect(cover(scene(h, at: 4.1)) == 0)
    }
}
