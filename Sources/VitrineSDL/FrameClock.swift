import CSDL2
import Foundation
import VitrineCore

/// One frame's times, as `FrameInput` takes them.
struct FrameTick {
    /// How long since the last frame.
    var frameTime: Seconds
    /// The monotonic clock.
    var monotonic: MonotonicInstant
    /// The system's wall clock.
    var wall: Date
}

/// Where a show loop's time comes from.
protocol FrameClock {
    mutating func tick() -> FrameTick
    /// Whether the loop waits for the images it asked for before the next frame
    /// (accelerated headless runs), instead of drawing on while they decode.
    var waitsForDecodes: Bool { get }
    /// Lets up to `seconds` pass with nothing to draw, waking early for an event on `canvas`.
    mutating func rest(seconds: Double, on canvas: any ShowCanvas)
}

/// The real clocks: SDL's performance counter and the system's wall clock.
struct RealFrameClock: FrameClock {
    private let frequency = Double(SDL_GetPerformanceFrequency())
    private var last = SDL_GetPerformanceCounter()
    var waitsForDecodes: Bool { false }

    func rest(seconds: Double, on canvas: any ShowCanvas) { canvas.waitForEvents(seconds: seconds) }

    mutating func tick() -> FrameTick {
        let now = SDL_GetPerformanceCounter()
        defer { last = now }
        return FrameTick(
            frameTime: Seconds(Double(now - last) / frequency),
            monotonic: MonotonicInstant(seconds: Double(now) / frequency),
            wall: Date())
    }
}

/// Accelerated time: every frame advances the same seconds, however long it took.
struct VirtualFrameClock: FrameClock {
    let frame: Seconds
    let wallOrigin: Date
    private var time = Seconds.zero
    var waitsForDecodes: Bool { true }

    /// Accelerated time never waits.
    func rest(seconds: Double, on canvas: any ShowCanvas) {}

    init(frame: Seconds, wallOrigin: Date) {
        self.frame = frame
        self.wallOrigin = wallOrigin
    }

    mutating func tick() -> FrameTick {
        defer { time += frame }
        return FrameTick(
            frameTime: time == .zero ? .zero : frame, monotonic: MonotonicInstant(seconds: time.value),
            wall: wallOrigin + time)
    }
}
