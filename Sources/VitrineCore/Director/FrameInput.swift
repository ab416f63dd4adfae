import Foundation

/// Everything one frame's decisions are made from, as plain values.
public struct FrameInput {
    /// How long since the last frame.
    public var frameTime: Seconds
    /// The monotonic clock (for files settling and rate limits).
    public var monotonic: MonotonicInstant
    /// The wall clock as the system has it (the schedule reads it shifted by `--clock`).
    public var wall: Date
    /// The output's logical size (the panel's, turned by the rotation).
    public var output: Size
    /// Input events in logical coordinates, at show times.
    public var events: [InputEvent]
    /// The images the drawer holds.
    public var images: LoadedImages
    /// Files that could not be shown since the last frame (a decode failed, the renderer
    /// refused the texture), each with why, in one line for the log.
    public var failed: [(path: String, reason: String)]
    public var control: Control
    /// What remotes asked since the last frame, in order.
    public var commands: [RemoteCommand]
    /// The web page's first screen, shown instead of "No images yet" while it is given; nil
    /// keeps the last one given (the show's setup's at first).
    public var onboarding: OnboardingScreen?
    /// What presence sources said since the last frame, in order.
    public var presence: [PresenceReport] = []

    /// What the world around the loop asks for (signals, a service manager).
    public enum Control {
        case keepGoing
        /// End cleanly: the position is saved and the show is finished with exit code 0.
        case stop
        /// Play with new settings and content (SIGHUP, a changed configuration).
        case reload(DirectorSettings, any ContentFeed)
    }

    public init(
        frameTime: Seconds, monotonic: MonotonicInstant, wall: Date, output: Size, events: [InputEvent] = [],
        images: LoadedImages = LoadedImages(), failed: [(path: String, reason: String)] = [],
        control: Control = .keepGoing, commands: [RemoteCommand] = [],
        onboarding: OnboardingScreen? = nil
    ) {
        self.onboarding = onboarding
        self.commands = commands
        self.frameTime = frameTime
        self.monotonic = monotonic
        self.wall = wall
        self.output = output
        self.events = events
        self.images = images
        self.failed = failed
        self.control = control
    }
}
