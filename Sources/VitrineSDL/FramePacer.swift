import CSDL2

/// Keeps a renderer without vsync presenting on a steady 60 Hz schedule: after
/// each frame it sleeps until that frame's tick is over, so the frames come a
/// tick apart whatever drawing them took (instead of a fixed rest on top of
/// the drawing time). A frame that ends past its tick starts the schedule anew.
struct FramePacer {
    /// Seconds between ticks.
    let period: Double
    private let frequency = Double(SDL_GetPerformanceFrequency())
    /// When the current tick ends, in performance-counter seconds; nil before the first frame.
    private var tickEnd: Double?

    init(hertz: Double = 60) {
        period = 1 / hertz
    }

    /// Sleeps until the end of the tick the frame just presented belongs to.
    mutating func wait() {
        let now = Double(SDL_GetPerformanceCounter()) / frequency
        guard let end = tickEnd, end > now, end - now <= period else {
            // The first frame, or one that ran late: its tick starts now.
            tickEnd = now + period
            return
        }
        SDL_Delay(UInt32(((end - now) * 1000).rounded(.down)))
        tickEnd = end + period
    }
}
