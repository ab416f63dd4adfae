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
