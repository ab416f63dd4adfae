import CSDL2
import Foundation
import VitrineCore

/// The player's side of a live playlist: polling it each frame, the display
/// going dark in off windows, and a touch waking it.
extension Player {
    /// Whether the show can start its clock: its first image is on screen, or
    /// the display is off (then nothing is decoded, and the schedule still runs).
    func isShowing(_ scene: any SceneDrawing) -> Bool {
        if let live, !live.displayOn { return true }
        guard engine.show.slides.indices.contains(engine.show.index) else { return false }
        return scene.hasImage(engine.show.slides[engine.show.index].source)
    }

    /// Polls the live playlist (never blocks). Returns whether the display is on;
    /// when it is off, every texture is let go and nothing is decoded.
    func updateLive(_ scene: any SceneDrawing, monotonic: Double) -> Bool {
        guard let live else { return true }
        let rewritten = live.update(&engine, now: monotonic, wall: Date())
        for path in rewritten { decodedFor[path] = nil }
        guard live.displayOn else {
            if !decodedFor.isEmpty || !scene.loadedKeys.isEmpty {
                scene.retainOnly([])
                decodedFor.removeAll()
            }
            return false
        }
        return true
    }

    /// A key, click or touch while the display is off wakes it, and does nothing else.
    func wakesDisplay(_ event: SDL_Event) -> Bool {
        guard let live, !live.displayOn else { return false }
        switch SDL_EventType(event.type) {
        case SDL_KEYDOWN, SDL_FINGERDOWN, SDL_MOUSEBUTTONDOWN:
            return live.wake(&engine)
        default:
            return false
        }
    }
}
