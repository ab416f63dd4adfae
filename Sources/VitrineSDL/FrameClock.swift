import CSDL2
import Foundation

/// One frame's times.
struct FrameTick {
    /// Seconds since the last frame.
    var frameTime: Double
    /// A monotonic time in seconds.
    var monotonic: Double
    /// The wall clock, seconds since 1970.
    var wall: Double
}

/// Where a show loop's time comes from.
protocol FrameClock {
    mutating func tick() -> FrameTick
    /// Whether the loop waits for the images it asked for before the next frame
    /// (accelerated headless runs), instead of drawing on while they decode.
    var waitsForDecodes: Bool { get }
}

/// The real clocks: SDL's performance counter and the system's wall clock.
struct RealFrameClock: FrameClock {
    private let frequency = Double(SDL_GetPerformanceFrequency())
    private var last = SDL_GetPerformanceCounter()
    var waitsForDecodes: Bool { false }

    mutating func tick() -> FrameTick {
        let now = SDL_GetPerformanceCounter()
        defer { last = now }
        return FrameTick(
            frameTime: Double(now - last) / frequency, monotonic: Double(now) / frequency,
            wall: Date().timeIntervalSince1970)
    }
}

/// Accelerated time: every frame advances the same seconds, however long it took.
struct VirtualFrameClock: FrameClock {
    let frame: Double
    let wallOrigin: Double
    private var time = 0.0
    var waitsForDecodes: Bool { true }

    init(frame: Double, wallOrigin: Double) {
        self.frame = frame
        self.wallOrigin = wallOrigin
    }

    mutating func tick() -> FrameTick {
        defer { time += frame }
        return FrameTick(frameTime: time == 0 ? 0 : frame, monotonic: time, wall: wallOrigin + time)
    }
}
