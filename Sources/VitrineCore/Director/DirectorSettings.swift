import Foundation

/// Everything a `ShowDirector` is made with, resolved from the command line and the
/// configuration file: the `ShowStyle`, overlays, touch, rotation, clock offset, resume
/// identity. A reload brings a new one.
public struct DirectorSettings: Sendable {
    /// The show's options before a playlist's defaults.
    public var show: ShowStyle
    /// The options set explicitly (such as `--interval`): they win over a playlist's defaults.
    public var given: Set<String>
    public var overlays: OverlayOptions
    public var touch: TouchOptions
    /// How the picture is turned on the panel; input arrives in panel coordinates.
    public var rotation: ScreenRotation
    /// Stop after this much show time (or run time, while nothing shows).
    public var quitAfter: Seconds?
    /// An empty show waits for images instead of ending when none could be decoded.
    public var waitForImages: Bool
    /// What is added to the wall clock for the schedule (`--clock` minus the real start time).
    public var clockOffset: Seconds
    /// How long a touch wakes the display in an off window.
    public var wakeDuration: Seconds
    /// What plays, for the resume position (the playlist file, or the SOURCEs).
    public var origin: String
    /// Options that change the order, for the resume position's fingerprint.
    public var fingerprintExtra: String
    public var seed: UInt64
    /// `--sync`: the show's position follows the wall clock (as `"sync": true` in a playlist does).
    public var sync: Bool = false
    /// The web page's first screen, shown instead of "No images yet"; nil for the plain status screen.
    public var onboarding: OnboardingScreen?

    public init(
        show: ShowStyle = ShowStyle(), given: Set<String> = [], overlays: OverlayOptions = OverlayOptions(),
        touch: TouchOptions = TouchOptions(), rotation: ScreenRotation = .none, quitAfter: Seconds? = nil,
        waitForImages: Bool = true, clockOffset: Seconds = .zero, wakeDuration: Seconds = 300, origin: String = "",
        fingerprintExtra: String = "", seed: UInt64 = 0
    ) {
        self.show = show
        self.given = given
        self.overlays = overlays
        self.touch = touch
        self.rotation = rotation
        self.quitAfter = quitAfter
        self.waitForImages = waitForImages
        self.clockOffset = clockOffset
        self.wakeDuration = wakeDuration
        self.origin = origin
        self.fingerprintExtra = fingerprintExtra
        self.seed = seed
    }

    /// The wall date the schedule reads when the system's clock says `wall`.
    public func scheduleDate(_ wall: Date) -> Date { wall + clockOffset }

    /// The options playlist `name` of `document` plays with.
    public func options(_ document: PlaylistDocument, playlist name: String) -> ShowStyle {
        document.playlist(named: name)?.options(base: show, given: given) ?? show
    }
}
