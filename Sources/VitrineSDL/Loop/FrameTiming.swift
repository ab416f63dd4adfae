import Foundation
import VitrineCore

/// When the loop's frames happen: the clock's ticks, the 60 Hz pace where the renderer does not
/// wait for vsync, the rests between frames with nothing to draw (`RestSchedule`), and the time
/// slept given back to the director in frames its clock takes whole.
///
///     awake ──rest(after:) with a deadline──▶ rested ──tick──▶ awake (the sleep split in pieces)
///       ▲  └──rest(after:), something moves soon: a short nap──┘ (not counted as a rest)
///       └────────────────────────────────tick────────────────────────────┘
struct FrameTiming {
    private var clock: any FrameClock
    /// Frames at 60 Hz where the renderer does not wait for vsync.
    private var pacer = FramePacer()
    /// How long the loop may sleep after a frame.
    let schedule = RestSchedule()
    /// Whether the loop slept before the next tick: its time goes to the director in pieces.
    private(set) var rested = false

    init(clock: any FrameClock) {
        self.clock = clock
    }

    /// Whether the loop waits for the images it asked for (accelerated runs): no pace, no rest.
    var waitsForDecodes: Bool { clock.waitsForDecodes }

    /// The clock's next tick. After a rest, the time slept is split (`RestSchedule.catchUp`) into
    /// frames of `maxFrame`, each a tick of its own ending before the one returned, whose
    /// frame time is what is left; a long frame is so clamped as a stall, not lost.
    mutating func tick(maxFrame: Seconds) -> (catchUp: [FrameTick], tick: FrameTick) {
        var tick = clock.tick()
        guard rested else { return ([], tick) }
        rested = false
        let (pieces, last) = RestSchedule.catchUp(tick.frameTime, maxFrame: maxFrame)
        let catchUp = (0..<pieces).map { piece in
            // How long before the tick this piece ends.
            let before = maxFrame * Double(pieces - 1 - piece) + last
            return FrameTick(
                frameTime: maxFrame, monotonic: MonotonicInstant(seconds: tick.monotonic.seconds - before.value),
                wall: tick.wall.addingTimeInterval(-before.value))
        }
        tick.frameTime = last
        return (catchUp, tick)
    }

    /// A frame was presented: on a renderer without vsync (`vsync` false) it is paced to 60 Hz.
    mutating func pace(vsync: Bool) {
        if !vsync, !clock.waitsForDecodes { pacer.wait() }
    }

    /// After a frame with nothing drawn: sleeps until the schedule's next deadline (waking early
    /// for an event on `canvas`), or a moment when something moves soon.
    mutating func rest(after frame: RestSchedule.Frame, on canvas: any ShowCanvas) {
        guard let length = schedule.rest(after: frame) else {
            // The same picture as on the screen, but something moves soon: a short rest.
            clock.rest(for: 0.01, on: canvas)
            return
        }
        clock.rest(for: length, on: canvas)
        rested = true
    }
}
