import Foundation

@testable import VitrineCore

/// Drives a director as a frame loop would, in frames of at most 0.1 s, with
/// every image ready (or the ones given), the wall clock at origin + time.
struct DirectorDriver {
    var director: ShowDirector
    let origin: Double
    var output = Size(width: 100, height: 100)
    var images = LoadedImages(allReady: true)
    private(set) var time = 0.0
    private(set) var last: FrameOutput?

    init(_ director: ShowDirector, origin: Double) {
        self.director = director
        self.origin = origin
    }

    /// Frames up to show time `t`; `events` go in with the first frame, `control` with the last.
    @discardableResult
    mutating func step(
        to t: Double, events: [InputEvent] = [], failed: [DecodeFailure] = [], control: FrameInput.Control = .keepGoing
    ) -> FrameOutput {
        var events = events
        var failed = failed
        var out: FrameOutput
        repeat {
            let dt = min(0.1, max(0, t - time))
            time += dt
            out = director.frame(
                FrameInput(
                    frameTime: dt, monotonic: time, wall: origin + time, output: output, events: events,
                    images: images, failed: failed, control: time >= t - 1e-9 ? control : .keepGoing))
            events = []
            failed = []
            last = out
        } while time < t - 1e-9
        return out
    }

    /// The name of the file showing.
    var current: String? { director.engine.currentSource.map { ($0 as NSString).lastPathComponent } }
    var engine: ShowEngine { director.engine }
}
