import VitrineCore
import VitrineMedia

/// The places where a running player meets the world around it: the service
/// manager hears about presented frames, signals become controls, and a reload
/// brings new settings and content. Each defaults to doing nothing, so the
/// player runs the same without a service manager.
public struct PlayerHooks {
    /// Called after every presented frame with its monotonic instant,
    /// a one-line description of what is showing, and whether the frame shows content
    /// (`FrameOutput.showsContent`, and the renderer found to really draw it).
    public var framePresented: (_ time: MonotonicInstant, _ status: String, _ showsContent: Bool) -> Void = { _, _, _ in
    }
    /// Called after a frame that was not drawn (the picture rests), with the same time and
    /// status: a status line held back by its pace goes out when it may. Returns how long
    /// until a held-back line may go (the loop wakes then), nil when none waits.
    public var frameRested: (_ time: MonotonicInstant, _ status: String) -> Seconds? = { _, _ in nil }
    /// Time between frames presented while the picture rests, so the service manager's
    /// watchdog hears of a loop that still presents; nil presents none then (the loop sleeps).
    public var keepAlive: Seconds?
    /// Asked once a frame.
    public var control: () -> PlayerControl = { .keepGoing }
    /// Time between looks, while the loop rests, at what these hooks are asked once a frame
    /// that cannot wake it (`LoopWake.ring`); nil when all of it wakes the loop (signals ring it,
    /// remotes and presence sources ring it), so it rests until its next deadline.
    public var lookAround: Seconds? = LookAround.seconds
    /// Whether a set of the wall clock rings the loop (`ClockSetBell`): then it may rest an hour
    /// with nothing to wake for, else a minute, so its wall-clock deadlines follow a clock set.
    public var clockSetRings = false
    /// Called for `.reload`; a thrown error keeps the current show (and is logged).
    public var reload: () throws -> PlayerSetup? = { nil }
    /// What remotes asked since the last frame (never blocks).
    public var commands: () -> [RemoteCommand] = { [] }
    /// The show's state for remotes, a few times a second; nil when nobody listens.
    public var stateChanged: ((RemoteState) -> Void)?
    /// Photos hidden or (un)marked as favourites this frame, for remotes.
    public var marked: ([PhotoMarkEvent]) -> Void = { _ in }
    /// The version the state reports.
    public var version = ""
    /// Time between two pictures of the screen for remotes; nil takes none.
    public var frameInterval: Seconds?
    /// How long the same picture must be drawn before it is taken (so it is never one of a fade);
    /// its texts must rest half as long.
    public var captureSettle: Seconds = 1
    /// Whether a picture at rest by its making (the slideshow's one slide, wholly drawn) is taken
    /// the first time it is drawn, without `captureSettle` (the web page's live Now).
    public var captureAtOnceAtRest = false
    /// A picture of the screen as it shows a slide at rest (at most every `frameInterval`).
    public var frameCaptured: (PixelBuffer) -> Void = { _ in }
    /// The display's backlight and CEC devices (the window's DPMS switch is added by the player);
    /// nil leaves display power to the hook commands alone.
    public var displayDevices: DisplayPowerDevices?
    /// `--print-state`: a JSON line each time the slide or the display's power changes.
    public var printState: ((String) -> Void)?
    /// The web page's first screen, asked once a frame (never blocks); nil when the page is off.
    public var onboarding: () -> OnboardingScreen? = { nil }
    /// The virtual terminal to give the screen back on, asked once the display is open on
    /// KMS/DRM; nil when there is none to follow (then a VT switch is not handled).
    public var openConsole: () -> (any ConsoleSwitching)? = { nil }
    /// What presence sources said since the last frame (never blocks).
    public var presence: () -> [PresenceReport] = { [] }
    /// The document's `display.presence` each frame, so its sources open and close as it changes.
    public var followPresence: (PresenceSpec?) -> Void = { _ in }

    public init() {}
}
