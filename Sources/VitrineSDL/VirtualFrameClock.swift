import CSDL2
import Foundation
import VitrineCore

/// Accelerated time: every frame advances the same seconds, however long it took.
struct VirtualFrameClock: FrameClock {
    let frame: Seconds
    let wallOrigin: Date
    private var time = Seconds.zero
    var waitsForDecodes: Bool { true }

    /// Accelerated time never waits.
    func rest(for length: Seconds, on canvas: any ShowCanvas) {}

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
