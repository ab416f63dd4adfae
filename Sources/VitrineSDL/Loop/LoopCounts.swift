/// What the play loop has done so far, for soak runs, tests and its closing log line.
struct LoopCounts: Equatable, Sendable {
    /// Images decoded and uploaded.
    var decodes = 0
    /// Frames drawn and presented.
    var frames = 0
    /// Passes of the loop: each one a wake-up of the render thread.
    var steps = 0
    /// Passes that followed a rest (a wait for events until a deadline).
    var rests = 0
    /// Set when a wait for decodes gave up: the decoder hangs.
    var stalled = false
    /// Times the file pages touched were given back (`FilePages`).
    var filePageGiveBacks = 0

    /// One line for the log as the loop ends.
    var summary: String {
        "\(steps) loop passes, \(frames) frames drawn, \(rests) rests, \(decodes) images decoded"
    }
}
