/// The console's screen shared with the other virtual terminals (Ctrl+Alt+F2, `chvt`): the
/// kernel asks for it before it switches to another terminal and tells when this one comes
/// back (the VT_PROCESS protocol). Away, the player draws nothing, takes no input (keys typed
/// on the other terminal are not for the show) and holds no display, so the text console shows;
/// back, it takes the display again and draws the whole frame.
public struct ConsoleHandover: Equatable, Sendable {
    /// What the kernel asks.
    public enum Request: Equatable, Sendable {
        /// Another terminal is wanted: let go of the screen, then allow the switch.
        case release
        /// This terminal is back.
        case acquire
    }

    /// What the player does for a request, in order.
    public enum Step: Equatable, Sendable {
        /// Stop presenting and let go of the display (drop DRM master).
        case letGoOfDisplay
        /// Tell the kernel the switch may go on.
        case allowSwitch
        /// Tell the kernel the terminal is taken back.
        case acknowledgeReturn
        /// Take the display again (DRM master).
        case takeDisplay
        /// Draw the whole frame again: the console drew over it.
        case redraw
    }

    /// Whether this terminal is the one on the screen.
    public private(set) var onScreen = true

    public init() {}

    /// Frames are drawn and presented only while on the screen.
    public var draws: Bool { onScreen }
    /// Keys and touches count only while on the screen.
    public var takesInput: Bool { onScreen }

    /// The steps for `request`. A request that repeats the state (a release while away, an
    /// acquire while on the screen) is only acknowledged, so the kernel never waits on us.
    public mutating func handle(_ request: Request) -> [Step] {
        switch (request, onScreen) {
        case (.release, true):
            onScreen = false
            return [.letGoOfDisplay, .allowSwitch]
        case (.release, false):
            return [.allowSwitch]
        case (.acquire, false):
            onScreen = true
            return [.acknowledgeReturn, .takeDisplay, .redraw]
        case (.acquire, true):
            return [.acknowledgeReturn]
        }
    }

    /// The terminal Ctrl+Alt+F`function` asks for (F1…F12 → 1…12), nil for any other key.
    /// The player switches itself when the kernel's keyboard is off (SDL reads the keys).
    public static func terminal(forFunctionKey function: Int, control: Bool, alt: Bool) -> Int? {
        guard control, alt, (1...12).contains(function) else { return nil }
        return function
    }
}

/// A virtual terminal switched by signals, as the player sees it (`VirtualTerminal` in VitrineSystem).
public protocol ConsoleSwitching: AnyObject {
    /// What the kernel asked since the last call, in the order to handle them (never blocks).
    func requests() -> [ConsoleHandover.Request]
    /// The switch away may go on (after letting go of the display).
    func allowSwitch()
    /// The terminal is taken back.
    func acknowledgeReturn()
    /// Asks the kernel for terminal `number`.
    func activate(_ number: Int)
}
