import Testing
import VitrineCore

@Suite("Screen rotation")
struct ScreenRotationTests {
    @Test("the logical size trades width and height at 90 and 270 degrees")
    func logicalSize() {
        let panel = Size(width: 1920, height: 1080)
        #expect(ScreenRotation.none.logicalSize(for: panel) == panel)
        #expect(ScreenRotation.upsideDown.logicalSize(for: panel) == panel)
        #expect(ScreenRotation.clockwise90.logicalSize(for: panel) == Size(width: 1080, height: 1920))
        #expect(ScreenRotation.clockwise270.logicalSize(for: panel) == Size(width: 1080, height: 1920))
    }

    @Test("--rotate parses only 0, 90, 180 and 270")
    func parsing() {
        #expect(ScreenRotation(degrees: "90") == .clockwise90)
        #expect(ScreenRotation(degrees: "0") == ScreenRotation.none)
        #expect(ScreenRotation(degrees: "45") == nil)
        #expect(ScreenRotation(degrees: "ninety") == nil)
    }

    @Test("panel and logical points map back and forth", arguments: ScreenRotation.allCases)
    func inverse(rotation: ScreenRotation) {
        for (x, y) in [(0.1, 0.2), (0.9, 0.3), (0.5, 0.5), (0.0, 1.0)] {
            let panel = rotation.panelPoint(fromLogical: x, y)
            let back = rotation.logicalPoint(fromPanel: panel.x, panel.y)
            #expect(abs(back.x - x) < 1e-12 && abs(back.y - y) < 1e-12)
        }
    }

    @Test("turned 90 degrees, the picture's top left corner is at the panel's top right")
    func corners() {
        // Turned clockwise: the logical top edge runs down the panel's right edge.
        let topLeft = ScreenRotation.clockwise90.panelPoint(fromLogical: 0, 0)
        #expect(topLeft.x == 1 && topLeft.y == 0)
        let topRight = ScreenRotation.clockwise90.panelPoint(fromLogical: 1, 0)
        #expect(topRight.x == 1 && topRight.y == 1)
        // Turned anticlockwise: the top left corner goes to the panel's bottom left.
        let topLeft270 = ScreenRotation.clockwise270.panelPoint(fromLogical: 0, 0)
        #expect(topLeft270.x == 0 && topLeft270.y == 1)
    }

    /// A finger dragging from `from` to `to` in panel coordinates, in `steps` moves.
    func swipe(from: (Double, Double), to: (Double, Double), steps: Int = 10) -> [InputEvent] {
        var events = [InputEvent(time: ShowTime(seconds: 0), kind: .down(id: 1, x: from.0, y: from.1))]
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            let x = from.0 + (to.0 - from.0) * f
            let y = from.1 + (to.1 - from.1) * f
            events.append(InputEvent(time: ShowTime(seconds: 0.02 * Double(i)), kind: .move(id: 1, x: x, y: y)))
        }
        events.append(InputEvent(time: ShowTime(seconds: 0.02 * Double(steps + 1)), kind: .up(id: 1, x: to.0, y: to.1)))
        return events
    }

    /// Which way a trace pages, in the logical picture: -1 next (finger went left), +1 previous, 0 neither.
    func paging(_ events: [InputEvent]) -> Int {
        var start: (x: Double, y: Double)?
        var end: (x: Double, y: Double)?
        for event in events {
            switch event.kind {
            case .down(_, let x, let y): start = (x, y)
            case .up(_, let x, let y): end = (x, y)
            default: break
            }
        }
        guard let start, let end else { return 0 }
        let dx = end.x - start.x
        let dy = end.y - start.y
        guard abs(dx) > 0.2, abs(dx) > 2 * abs(dy) else { return 0 }
        return dx < 0 ? -1 : 1
    }

    @Test("a swipe to the viewer's left on a screen turned 90 degrees pages to the next slide")
    func swipeAt90() {
        // The panel is mounted turned; the viewer sees the picture upright. Their
        // leftward swipe runs from the panel's bottom edge to its top edge.
        let viewerLeft = swipe(from: (0.5, 0.8), to: (0.5, 0.2))
        let mapped = viewerLeft.map(ScreenRotation.clockwise90.logical)
        #expect(paging(mapped) == -1)
        // Unmapped, the same trace is a vertical drag and pages nowhere.
        #expect(paging(viewerLeft) == 0)
        // At 270 degrees the same panel trace goes the other way.
        #expect(paging(viewerLeft.map(ScreenRotation.clockwise270.logical)) == 1)
    }

    /// Slide index after the show on a 1000 × 500 panel turned by `rotation` takes `trace` (panel coordinates).
    func indexAfter(_ trace: [InputEvent], rotation: ScreenRotation, mapped: Bool = true) -> Int {
        let panel = Size(width: 1000, height: 500)
        var engine = ShowEngine(
            slides: (0..<3).map { Slide(path: "slide\($0)") }, options: ShowStyle(),
            output: rotation.logicalSize(for: panel), touch: TouchOptions())
        for event in trace { engine.enqueue(mapped ? rotation.logical(event) : event) }
        _ = engine.run(
            to: ShowTime(seconds: 3), isReady: { _ in true }, imageSize: { _ in Size(width: 600, height: 900) })
        return engine.show.index
    }

    @Test("through the gestures, a viewer's left swipe on a panel turned 90 degrees pages forward")
    func swipePagesThroughTheEngine() {
        // Viewer's right-to-left, as the panel sees it: up its y axis, at 90 degrees.
        let trace = swipe(from: (0.5, 0.8), to: (0.5, 0.2)).map {
            InputEvent(time: $0.time + Seconds(1), kind: $0.kind)
        }
        #expect(indexAfter(trace, rotation: .clockwise90) == 1)
        // At 270 degrees the same trace is the viewer's left-to-right: back to the last slide.
        #expect(indexAfter(trace, rotation: .clockwise270) == 2)
        // Left unmapped it is a vertical drag, which pages nowhere.
        #expect(indexAfter(trace, rotation: .clockwise90, mapped: false) == 0)
    }

    @Test("every point of a trace is mapped, keys and wheel deltas pass unchanged")
    func eventsMapped() {
        let rotation = ScreenRotation.upsideDown
        #expect(
            rotation.logical(InputEvent(time: ShowTime(seconds: 1), kind: .move(id: 2, x: 0.25, y: 0.75)))
                == InputEvent(time: ShowTime(seconds: 1), kind: .move(id: 2, x: 0.75, y: 0.25)))
        #expect(
            rotation.logical(InputEvent(time: ShowTime(seconds: 1), kind: .wheel(x: 0.25, y: 0.5, dy: 3)))
                == InputEvent(time: ShowTime(seconds: 1), kind: .wheel(x: 0.75, y: 0.5, dy: 3)))
        let key = InputEvent(time: ShowTime(seconds: 2), kind: .key(.right))
        #expect(rotation.logical(key) == key)
    }
}
