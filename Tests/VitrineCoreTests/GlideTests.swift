import Testing

@testable import VitrineCore

/// A zoomed image let go with speed coasts on, slows down and rests within its edges.
@Suite("Glide")
struct GlideTests {
    /// Slide 0 (666.7 × 500 at fit) zoomed to 2× about the centre by a double tap at 1 s:
    /// 1333.3 × 1000, its centre free in x 333.3…666.7 and y 0…500.
    var zoomed: GestureScript { GestureScript().tap(0.5, 0.5, at: 1).tap(0.5, 0.5, at: 1.2) }

    /// A horizontal drag by `pixels` over `seconds` from 2 s, let go at its speed.
    func pan(_ pixels: Double, over seconds: Double) -> GestureScript {
        zoomed.down(1, 0.5, 0.5, at: 2)
            .drag(1, from: (0.5, 0.5), to: (0.5 + TestScreen.nx(pixels), 0.5), from: 2, to: 2 + seconds, steps: 20)
    }

    func harness(_ script: GestureScript) -> BrowseHarness {
        var h = BrowseHarness()
        h.script = script
        return h
    }

    func centerX(_ h: BrowseHarness, at time: Double) -> Double { h.rect(of: 0, at: time).map { $0.center.x } ?? .nan }

    @Test func aFastReleaseCoastsOnAndSlowsToRestInside() throws {
        // 30 px in 0.1 s: 300 px a second, above the threshold (0.3 × 500 = 150).
        let h = harness(pan(30, over: 0.1))
        let released = 2.1
        let start = centerX(h, at: released + 0.01)
        #expect(abs(start - 530) < 5, "follows the finger to the release: \(start)")
        let a = centerX(h, at: released + 0.1)
        let b = centerX(h, at: released + 0.3)
        let c = centerX(h, at: released + 0.6)
        #expect(start < a && a < b && b < c, "keeps moving: \(start) \(a) \(b) \(c)")
        // Slowing: less ground covered in each later stretch of time.
        #expect(c - b < b - a)
        let engine = h.engine(at: released + 3)
        let view = try #require(engine.browse.view)
        #expect(view.viewport.glide == nil, "over by then")
        let rest = centerX(h, at: released + 3)
        // It travels about speed × time constant past the release, inside the edges.
        let travel = rest - centerX(h, at: released)
        let expected = 300 * Glide.timeConstant.value
        #expect(abs(travel - expected) < expected * 0.15, "travelled \(travel), expected about \(expected)")
        #expect(rest >= 1000 / 3 - 1e-6 && rest <= 2000 / 3 + 1e-6)
        #expect(h.report(at: released + 3).zoom == 2)
    }

    @Test func aFlingIntoAnEdgeRunsPastItAndSpringsBackToIt() throws {
        // 100 px in 0.1 s: 1000 px a second; the free travel (300 px) would cross the right edge.
        let h = harness(pan(100, over: 0.1))
        let released = 2.1
        let edge = 2000.0 / 3  // the largest centre x: the image's left edge at the screen's
        var peak = -Double.infinity
        var t = released
        while t < released + 1.5 {
            peak = max(peak, centerX(h, at: t))
            t += 0.01
        }
        #expect(peak > edge + 1, "overshoots a little: \(peak)")
        #expect(peak < edge + Glide.bounceLimit * 500 + 1e-6, "but not by more than the limit: \(peak)")
        let rest = try #require(h.rect(of: 0, at: released + 3))
        #expect(abs(rest.minX) < 1e-6, "rests against the edge: \(rest)")
        #expect(rest.maxX >= 1000)
    }

    @Test func aSlowReleaseDoesNotCoast() {
        // 20 px over 1 s: 20 px a second, below the threshold.
        let h = harness(pan(20, over: 1))
        let released = 3.0
        let atRelease = h.rect(of: 0, at: released + 0.01)
        #expect(abs((atRelease?.center.x ?? 0) - 520) < 1e-6)
        #expect(h.rect(of: 0, at: released + 0.5) == atRelease)
        #expect(h.engine(at: released + 0.01).browse.view?.viewport.glide == nil)
    }

    @Test func aTouchStopsTheGlideWhereItIs() {
        let free = harness(pan(30, over: 0.1))
        let touch = 2.3
        let caught = harness(pan(30, over: 0.1).tap(0.2, 0.2, at: touch))
        let atTouch = centerX(free, at: touch)
        // The touch is handled at the first logic step at or after it.
        let held = centerX(caught, at: touch + 0.02)
        #expect(abs(held - atTouch) < 1, "stops where it is: \(held) vs \(atTouch)")
        #expect(centerX(caught, at: touch + 2) == held, "and stays there")
        #expect(centerX(free, at: touch + 2) > held + 5, "where it would have coasted on")
    }

    @Test func sameGlideAt20And144fps() {
        let h = harness(pan(100, over: 0.1))
        let times = [2.05, 2.1, 2.13, 2.2, 2.35, 2.5, 2.75, 3.1, 4.0]
        func run(fps: Double) -> [String] {
            var e = ShowEngine(
                slides: (0..<h.count).map { Slide(path: "slide\($0)") }, options: h.options,
                output: TestScreen.size, touch: h.touch)
            for event in h.script.events { e.enqueue(event) }
            var now = 0.0
            var states: [String] = []
            for target in times {
                while now + 1 / fps <= target + 1e-12 {
                    _ = e.advance(by: Seconds(1 / fps), isReady: { _ in true }, imageSize: h.imageSize)
                    now += 1 / fps
                }
                _ = e.advance(by: Seconds(target - now), isReady: { _ in true }, imageSize: h.imageSize)
                now = target
                let scene = e.scene(at: e.time, imageSize: h.imageSize)
                states.append("\(e.browse.view.map { String(describing: $0) } ?? "nil") \(scene.ops)")
            }
            return states
        }
        let slow = run(fps: 20)
        let fast = run(fps: 144)
        #expect(slow == fast)
        #expect(Set(slow.prefix(7)).count == 7, "each time sampled while moving shows a different frame")
    }

    @Test func theClosedFormStartsAtTheReleaseAndIsMonotoneInsideTheRange() {
        let g = Glide(
            scale: 2, center: Point(x: 0, y: 0), velocity: Vector(dx: 400, dy: -200),
            range: (x: -1000...1000, y: -1000...1000), limit: 50, at: ShowTime(seconds: 10))
        #expect(g.pose(at: ShowTime(seconds: 10)).center == Point(x: 0, y: 0))
        var last = g.pose(at: ShowTime(seconds: 10)).center
        var t = 10.01
        while t < g.endTime.seconds + 0.5 {
            let p = g.pose(at: ShowTime(seconds: t)).center
            #expect(p.x >= last.x && p.y <= last.y)
            last = p
            t += 0.01
        }
        #expect(abs(g.rest.center.x - 400 * Glide.timeConstant.value) < 0.5)
        #expect(abs(g.rest.center.y + 200 * Glide.timeConstant.value) < 0.5)
        #expect(g.pose(at: g.endTime + Seconds(1)) == g.rest)
    }
}
