import CSDL2
import Foundation
import VitrineCore

/// The real clocks: SDL's performance counter and the system's wall clock.
struct RealFrameClock: FrameClock {
    private let frequency = Double(SDL_GetPerformanceFrequency())
    private var last = SDL_GetPerformanceCounter()
    var waitsForDecodes: Bool { false }

    func rest(for length: Seconds, on canvas: any ShowCanvas) { canvas.waitForEvents(for: length) }

    mutating func tick() -> FrameTick {
        let now = SDL_GetPerformanceCounter()
        defer { last = now }
        return FrameTick(
            frameTime: Seconds(Double(now - last) / frequency),
            monotonic: MonotonicInstant(seconds: Double(now) / frequency),
            wall: Date())
    }
}
