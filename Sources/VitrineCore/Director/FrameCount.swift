/// The frames a director has run: how many, for how long, and whether the show's clock has
/// started (once its first image is on the screen, or the display is off).
struct FrameCount: Equatable {
    /// Whether the show's clock runs.
    var started = false
    /// Time of frames since the loop began, shown or not (for `--quit-after` on a status screen).
    private(set) var runTime = Seconds.zero
    /// Frames run so far (for the frame pace a remote can watch).
    private(set) var count = 0

    /// One more frame, `frameTime` after the last.
    mutating func ran(_ frameTime: Seconds) {
        runTime += frameTime
        count += 1
    }
}
