import VitrineCore

/// What the play loop should do, as decided outside it (signals, a service manager).
public enum PlayerControl: Equatable, Sendable {
    case keepGoing
    /// End cleanly: save the position and return 0.
    case stop
    /// Read the configuration and the sources again.
    case reload
}

/// A fresh set of slides and settings for a running player (after a reload).
public struct PlayerSetup: Sendable {
    public var slides: [Slide]
    public var options: ShowOptions
    public var overlays: OverlayOptions
    public var rotation: ScreenRotation
    /// The SOURCE arguments, and how to list their images again (for following the folders).
    public var sources: [String]
    public var listSources: (@Sendable () -> [String])?

    public init(
        slides: [Slide], options: ShowOptions, overlays: OverlayOptions = OverlayOptions(),
        rotation: ScreenRotation = .none, sources: [String] = [], listSources: (@Sendable () -> [String])? = nil
    ) {
        self.slides = slides
        self.options = options
        self.overlays = overlays
        self.rotation = rotation
        self.sources = sources
        self.listSources = listSources
    }
}

/// The places where a running player meets the world around it: the service
/// manager hears about presented frames, signals become controls, a reload
/// brings new slides, and a stop lets the position be saved. Each defaults to
/// doing nothing, so the player runs the same without a service manager.
public struct PlayerHooks {
    /// Called after every presented frame with a monotonic time in seconds and
    /// a one-line description of what is showing.
    public var framePresented: (_ time: Double, _ status: String) -> Void = { _, _ in }
    /// Asked once a frame.
    public var control: () -> PlayerControl = { .keepGoing }
    /// Called for `.reload`; a thrown error keeps the current show (and is logged).
    public var reload: () throws -> PlayerSetup? = { nil }
    /// Called once when the player ends cleanly, with the show as it stands:
    /// the place to save the position for resuming after a restart.
    public var willStop: (ShowEngine) -> Void = { _ in }

    public init() {}
}
