import Foundation
import VitrineCore

/// Drives a director as a frame loop would, in frames of at most 0.1 s, with
/// every image ready (or the ones given), the wall clock at origin + time.
public struct DirectorDriver {
    /// The director driven.
    public var director: ShowDirector
    /// The wall time at show time 0.
    public let origin: Double
    /// The output size given to each frame.
    public var output = Size(width: 100, height: 100)
    /// The images the drawer holds.
    public var images = LoadedImages(allReady: true)
    /// The show time reached.
    public private(set) var time = 0.0
    /// The last frame's output.
    public private(set) var last: FrameOutput?

    /// Drives `director` from wall time `origin`.
    public init(_ director: ShowDirector, origin: Double) {
        self.director = director
        self.origin = origin
    }

    /// Frames up to show time `t`; `events` go in with the first frame, `control` with the last.
    @discardableResult
    public mutating func step(
        to t: Double, events: [InputEvent] = [], failed: [(path: String, reason: String)] = [],
        control: FrameInput.Control = .keepGoing, commands: [RemoteCommand] = []
    ) -> FrameOutput {
        var commands = commands
        var events = events
        var failed = failed
        var out: FrameOutput
        repeat {
            let dt = min(0.1, max(0, t - time))
            time += dt
            out = director.frame(
                FrameInput(
                    frameTime: dt, monotonic: time, wall: origin + time, output: output, events: events,
                    images: images, failed: failed, control: time >= t - 1e-9 ? control : .keepGoing, commands: commands
                ))
            commands = []
            events = []
            failed = []
            last = out
        } while time < t - 1e-9
        return out
    }

    /// The name of the file showing.
    public var current: String? { director.engine.currentPath.map { ($0 as NSString).lastPathComponent } }
    /// The director's engine.
    public var engine: ShowEngine { director.engine }
}
