import Testing

@testable import VitrineCore

/// Random event streams: mostly finger-like (touches that drag a little or a
/// lot), with lost lifts, repeated ids, up to twelve fingers, time going
/// backwards, coordinates far outside the screen or not numbers at all.
struct RandomInput {
    var rng: SeededGenerator
    var time = 0.0
    /// Fingers the stream believes are down, with where they are (an array: the order must not depend on hashing).
    var down: [(id: Int, at: (Double, Double))] = []

    init(seed: UInt64) {
        rng = SeededGenerator(seed: seed)
    }

    mutating func chance(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &rng) == 0 }

    mutating func wild(_ value: Double) -> Double {
        switch Int.random(in: 0..<60, using: &rng) {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -1e300
        case 3...5: return Double.random(in: -2...3, using: &rng)
        default: return value
        }
    }

    mutating func next() -> InputEvent {
        switch Int.random(in: 0..<30, using: &rng) {
        case 0: time -= Double.random(in: 0...2, using: &rng)  // backwards
        case 1...3: time += Double.random(in: 0.2...1.5, using: &rng)  // a pause: deadlines pass
        default: time += Double.random(in: 0...0.05, using: &rng)
        }
        let roll = Int.random(in: 0..<20, using: &rng)
        let downOdds = down.isEmpty ? 10 : down.count >= 3 ? 1 : 3
        if roll < downOdds {
            let id = Int.random(in: 0..<12, using: &rng)  // repeats an id now and then
            let p = (Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng))
            down.removeAll { $0.id == id }
            down.append((id, p))
            return InputEvent(time: ShowTime(seconds: time), kind: .down(id: id, x: wild(p.0), y: wild(p.1)))
        }
        if roll < 15, !down.isEmpty {
            let i = Int.random(in: 0..<down.count, using: &rng)
            let p = down[i].at
            let step = chance(3) ? 0.08 : 0.005
            let q = (
                p.0 + Double.random(in: -step...step, using: &rng), p.1 + Double.random(in: -step...step, using: &rng)
            )
            down[i].at = q
            return InputEvent(time: ShowTime(seconds: time), kind: .move(id: down[i].id, x: wild(q.0), y: wild(q.1)))
        }
        if roll < 19 {
            var id = Int.random(in: 0..<12, using: &rng)
            var p = (0.5, 0.5)
            if !down.isEmpty {
                let finger = down.remove(at: Int.random(in: 0..<down.count, using: &rng))
                (id, p) = (finger.id, finger.at)
            }
            if chance(8) {
                // The lift is lost: the finger stays down for the recognizers.
                return InputEvent(time: ShowTime(seconds: time), kind: .key(.up))
            }
            return InputEvent(time: ShowTime(seconds: time), kind: .up(id: id, x: wild(p.0), y: wild(p.1)))
        }
        if chance(2) {
            return InputEvent(
                time: ShowTime(seconds: time), kind: .key(Key.allCases.randomElement(using: &rng) ?? .right))
        }
        return InputEvent(
            time: ShowTime(seconds: time),
            kind: .wheel(x: wild(0.5), y: wild(0.5), dy: Double(Int.random(in: -3...3, using: &rng))))
    }
}

@Suite("Gestures under random input")
struct GestureRobustnessTests {
    static let seeds: [UInt64] = Array(1...12)

    @Test(arguments: seeds)
    func everyRecognizerStaysConsistent(seed: UInt64) {
        var input = RandomInput(seed: seed)
        let m = TestScreen.metrics
        var recognizers: [any GestureRecognizer] = [
            TapRecognizer(metrics: m), DoubleTapRecognizer(metrics: m), LongPressRecognizer(metrics: m),
            PanRecognizer(metrics: m), PanRecognizer(axis: .vertical, metrics: m), SwipeRecognizer(metrics: m),
            PinchRecognizer(metrics: m),
        ]
        for step in 0..<3000 {
            let event = input.next()
            for i in recognizers.indices {
                if step % 7 == 0 { recognizers[i].advance(to: event.time) }
                recognizers[i].handle(event)
                if !recognizers[i].isConsistent {
                    Issue.record("\(type(of: recognizers[i])) inconsistent after \(event) (seed \(seed), step \(step))")
                    return
                }
            }
        }
        for i in recognizers.indices { recognizers[i].advance(to: ShowTime(seconds: input.time + 10)) }
        #expect(recognizers.allSatisfy { $0.isConsistent })
    }

    @Test(arguments: seeds)
    func theArenaStaysConsistentAndOneGestureAtATimeIsInProgress(seed: UInt64) {
        var input = RandomInput(seed: seed)
        var arena = GestureArena(metrics: TestScreen.metrics)
        var inProgress: GestureKind?
        var reported: Set<GestureKind> = []
        for step in 0..<3000 {
            let event = input.next()
            if step % 3 == 0 {
                arena.enabled = Set(GestureKind.allCases.filter { _ in Bool.random(using: &input.rng) })
            }
            var gestures = arena.advance(to: event.time) + arena.handle(event)
            if step % 400 == 399 {
                // As the idle timeout does: lifts that were lost no longer hold fingers down.
                gestures += arena.cancelAll()
                input.down.removeAll()
            }
            for g in gestures {
                reported.insert(g.kind)
                switch g.phase {
                case .began:
                    #expect(
                        inProgress == nil, "\(g.kind) began while \(String(describing: inProgress)) was in progress")
                    inProgress = g.kind
                case .changed:
                    #expect(inProgress == g.kind)
                case .ended, .cancelled:
                    if g.kind != .tap && g.kind != .doubleTap {
                        #expect(inProgress == g.kind)
                        inProgress = nil
                    }
                }
            }
            if !arena.isConsistent {
                Issue.record("arena inconsistent after \(event) (seed \(seed), step \(step))")
                return
            }
        }
        // The stream is wild but not so wild that nothing is ever recognised.
        #expect(reported.count >= 5, "only \(reported) recognised")
        // Lost lifts leave fingers down; cancelling clears them.
        _ = arena.cancelAll()
        #expect(arena.fingerCount == 0)
        #expect(arena.isConsistent)
    }

    @Test(arguments: seeds)
    func theEngineSurvivesAndIdleBringsTheShowBack(seed: UInt64) {
        var input = RandomInput(seed: seed)
        var touch = TouchOptions()
        touch.idleTimeout = 5
        var engine = ShowEngine(
            slides: (0..<5).map { Slide(path: "s\($0)") }, options: ShowStyle(), output: TestScreen.size,
            touch: touch)
        var events: [InputEvent] = []
        for _ in 0..<1500 { events.append(input.next()) }
        for e in events { engine.enqueue(e) }
        let sizes = [Size(width: 400, height: 300), Size(width: 300, height: 900), Size(width: 2000, height: 500)]
        let end = max(0, events.map(\.time.seconds).filter(\.isFinite).max() ?? 0)
        var t = 0.0
        while t < end {
            t += 0.25
            _ = engine.run(to: ShowTime(seconds: t), isReady: { _ in true }, imageSize: { sizes[$0 % sizes.count] })
            let zoom = engine.report(at: ShowTime(seconds: t)).zoom
            #expect(zoom.isFinite && zoom > 0 && zoom < 5)
            _ = engine.scene(at: ShowTime(seconds: t)) { sizes[$0 % sizes.count] }
        }
        #expect(engine.browse.arena.isConsistent)
        _ = engine.run(
            to: ShowTime(seconds: end + touch.idleTimeout.value + 1), isReady: { _ in true },
            imageSize: { sizes[$0 % sizes.count] })
        #expect(engine.mode == .attract)
        #expect(!engine.show.isPaused || engine.show.count < 2)
    }
}
