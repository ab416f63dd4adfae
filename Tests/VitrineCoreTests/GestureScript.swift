@testable import VitrineCore

/// A scripted finger trace in normalised coordinates, built step by step.
struct GestureScript {
    var events: [InputEvent] = []

    func down(_ id: Int, _ x: Double, _ y: Double, at t: Double) -> GestureScript {
        adding(InputEvent(time: ShowTime(seconds: t), kind: .down(id: id, x: x, y: y)))
    }

    func move(_ id: Int, _ x: Double, _ y: Double, at t: Double) -> GestureScript {
        adding(InputEvent(time: ShowTime(seconds: t), kind: .move(id: id, x: x, y: y)))
    }

    func up(_ id: Int, _ x: Double, _ y: Double, at t: Double) -> GestureScript {
        adding(InputEvent(time: ShowTime(seconds: t), kind: .up(id: id, x: x, y: y)))
    }

    /// A tap of finger `id` at (x, y) from `t` lasting `hold` seconds.
    func tap(_ x: Double, _ y: Double, at t: Double, hold: Double = 0.05, id: Int = 1) -> GestureScript {
        down(id, x, y, at: t).up(id, x, y, at: t + hold)
    }

    /// Finger `id` (already down at `from`) moves in `steps` even steps to `to`
    /// between `t0` and `t1`, then lifts at `t1` when `lift`.
    func drag(
        _ id: Int, from: (Double, Double), to: (Double, Double), from t0: Double, to t1: Double, steps: Int = 10,
        lift: Bool = true
    ) -> GestureScript {
        var s = self
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            s = s.move(id, from.0 + (to.0 - from.0) * f, from.1 + (to.1 - from.1) * f, at: t0 + (t1 - t0) * f)
        }
        return lift ? s.up(id, to.0, to.1, at: t1) : s
    }

    /// Events sorted by time (stable), as the engine's queue takes them.
    var sorted: [InputEvent] {
        events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    private func adding(_ e: InputEvent) -> GestureScript {
        var s = self
        s.events.append(e)
        return s
    }
}

/// The test screen: 1000 × 500 pixels, so the shorter side is the height.
enum TestScreen {
    static let size = Size(width: 1000, height: 500)
    static let metrics = GestureMetrics(output: size)
    static var settings: GestureSettings { metrics.settings }
    /// A distance in normalised x that is `pixels` long.
    static func nx(_ pixels: Double) -> Double { pixels / size.width }
    /// A distance in normalised y that is `pixels` long.
    static func ny(_ pixels: Double) -> Double { pixels / size.height }
}

/// Feeds `script` to `recognizer` in order, then lets time run to `until`; returns the
/// recognizer and the states it went through (changes only).
func run<R: GestureRecognizer>(_ recognizer: R, _ script: GestureScript, until: Double? = nil) -> (R, [GestureState]) {
    var r = recognizer
    var states: [GestureState] = [r.state]
    for event in script.sorted {
        r.handle(event)
        if states.last != r.state { states.append(r.state) }
    }
    if let until {
        r.advance(to: ShowTime(seconds: until))
        if states.last != r.state { states.append(r.state) }
    }
    return (r, states)
}

/// Feeds `script` to an arena, advancing time before each event and to `until` at the end; returns the gestures.
func runArena(
    _ script: GestureScript, enabled: Set<GestureKind> = Set(GestureKind.allCases), until: Double? = nil
) -> (GestureArena, [Gesture]) {
    var arena = GestureArena(metrics: TestScreen.metrics)
    arena.enabled = enabled
    var out: [Gesture] = []
    for event in script.sorted {
        out += arena.advance(to: event.time)
        out += arena.handle(event)
    }
    if let until { out += arena.advance(to: ShowTime(seconds: until)) }
    return (arena, out)
}
