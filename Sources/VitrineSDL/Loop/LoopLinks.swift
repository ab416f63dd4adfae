import VitrineCore

/// What a play loop is linked to beside its canvas, each optional: the input trace it
/// records, the display's own power devices, and the virtual terminal it shares the screen with.
struct LoopLinks {
    /// Writes what the user does as an input trace; nil records nothing.
    var recorder: InputTraceRecorder?
    /// What the player does to the display itself (DPMS, backlight, CEC); nil does nothing.
    var power: DisplayPower?
    /// The virtual terminal the screen is shared with (KMS/DRM); nil elsewhere.
    var console: ConsoleLink?
}
