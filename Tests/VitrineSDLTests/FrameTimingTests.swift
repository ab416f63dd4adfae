import Foundation
import Testing
import VitrineCore

@testable import VitrineSDL

/// When the loop's frames happen: a rest is given back to the director in whole frames, a short
/// nap is not a rest. The clock is the test double of `ShowLoopRestTests`, which moves only as
/// the loop asks.
@Suite("Play loop: frame timing")
struct FrameTimingTests {
    private typealias Clock = ShowLoopRestTests.RestingClock

    private static func canvas() throws -> any ShowCanvas {
        try OffscreenCanvas(width: 8, height: 8, composed: true)
    }

    private static let idle = RestSchedule.Frame(drawn: false, busy: false, showChanges: [], keepAlive: nil)

    @Test("a tick without a rest before it is the clock's, whole")
    func tickWithoutRest() {
        let timeline = ShowLoopRestTests.Timeline()
        var timing = FrameTiming(clock: Clock(timeline: timeline))
        _ = timing.tick(maxFrame: 0.1)
        let (pieces, tick) = timing.tick(maxFrame: 0.1)
        #expect(pieces.isEmpty)
        #expect(abs(tick.frameTime.value - 1.0 / 60.0) < 1e-12)
        #expect(!timing.rested)
    }

    @Test("the time of a rest reaches the director in frames of at most maxFrame, in order")
    func restIsCaughtUp() throws {
        let timeline = ShowLoopRestTests.Timeline()
        var timing = FrameTiming(clock: Clock(timeline: timeline))
        _ = timing.tick(maxFrame: 0.1)
        timing.rest(after: Self.idle, on: try Self.canvas())
        #expect(timing.rested)
        #expect(timeline.resting == RestSchedule.lookAround.value, "nothing due: the longest rest")
        let (pieces, tick) = timing.tick(maxFrame: 0.1)
        #expect(!timing.rested, "the tick takes the rest")
        let elapsed = RestSchedule.lookAround.value + 1.0 / 60.0
        #expect(pieces.count == 5)
        #expect(pieces.allSatisfy { $0.frameTime == Seconds(0.1) })
        let total = pieces.reduce(0) { $0 + $1.frameTime.value } + tick.frameTime.value
        #expect(abs(total - elapsed) < 1e-9, "no time lost, none made up")
        #expect(tick.frameTime.value <= 0.1)
        // Each piece ends one piece before the next; the last one where the drawn frame begins.
        for (piece, next) in zip(pieces, pieces.dropFirst()) {
            #expect(abs(next.monotonic.seconds - piece.monotonic.seconds - 0.1) < 1e-9)
            // A `Date` counts from 2001: near 1970 it keeps about a tenth of a microsecond.
            #expect(abs(next.wall.timeIntervalSince(piece.wall) - 0.1) < 1e-6)
        }
        let last = try #require(pieces.last)
        #expect(abs(tick.monotonic.seconds - last.monotonic.seconds - tick.frameTime.value) < 1e-9)
    }

    @Test("something moving soon gets a nap, not a rest: the next tick is not split")
    func napIsNotARest() throws {
        let timeline = ShowLoopRestTests.Timeline()
        var timing = FrameTiming(clock: Clock(timeline: timeline))
        _ = timing.tick(maxFrame: 0.1)
        var busy = Self.idle
        busy.busy = true
        timing.rest(after: busy, on: try Self.canvas())
        #expect(!timing.rested)
        #expect(timeline.resting == 0.01)
        let (pieces, _) = timing.tick(maxFrame: 0.001)
        #expect(pieces.isEmpty, "a nap's time is a frame's time")
    }
}
