import CSDL2
import VitrinePOSIX

/// Wakes a resting play loop from any thread, when something it takes once a frame has come
/// (a remote's command).
public enum LoopWake {
    /// Puts an empty event in SDL's queue: a wait for events returns (on KMS/DRM, where the
    /// loop rests on its input devices, the `LoopBell` wakes it). Returns false when SDL
    /// took none (its events are not started yet, or the queue is full); the loop then hears
    /// of it at its next deadline (`RestSchedule`).
    @discardableResult
    public static func ring() -> Bool {
        defer { LoopBell.shared.ring() }
        var event = SDL_Event()
        event.type = SDL_USEREVENT.rawValue
        return SDL_PushEvent(&event) == 1
    }
}
