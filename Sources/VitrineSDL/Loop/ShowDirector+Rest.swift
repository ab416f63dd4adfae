import Foundation
import VitrineCore

extension ShowDirector {
    /// Whether the show moves on by itself between frames whose picture does not change, so
    /// the loop cannot rest: a move waiting for its image, browsing (its idle timeout and
    /// animations), and a show in step with other screens (moved by the shared timeline).
    /// So is a show waiting for its photos (a status screen, a download awaited).
    var movesBetweenFrames: Bool {
        let show = engine.show
        return engine.mode != .attract || show.transition != nil || show.pending != nil
            || show.waitingSince != nil || isSynced || show.count == 0 || engine.status != nil
            || engine.download != nil
    }

    /// How long from the frame drawn until each next change of the picture that comes with
    /// time alone: the next transition, a queued input event (a trace being replayed), a notice
    /// going, the clock overlay's next change, the end asked by `--quit-after`, and the
    /// schedule's next change and the warning a minute before it. `wall` is the system's clock.
    func nextChanges(wall: Date) -> [Seconds] {
        let now = engine.renderTime
        var changes: [Seconds] = []
        if let advance = engine.show.nextAdvanceTime { changes.append(advance - now) }
        if let event = engine.pendingEvents.first { changes.append(event.time - now) }
        if let notice = engine.notice, notice.isShowing(at: now) {
            changes.append((notice.since + notice.duration) - now)
        }
        if let origin = engine.wallClockOrigin {
            let shown = WallAnchor(show: .zero, wall: origin).wall(at: engine.renderTime)
            for case let clock as ClockOverlay in engine.overlays.components {
                changes.append(clock.format.nextChange(after: shown) - shown)
            }
        }
        if let limit = setup.quitAfter { changes.append(limit - (engine.time - .zero)) }
        if let away = presenceDeadline { changes.append(away) }
        if let next = programme.nextChangeTime {
            let left = Seconds(next.timeIntervalSince(setup.scheduleDate(wall)))
            changes += [left, left - Self.offWarning].filter { $0 > .zero }
        }
        return changes
    }
}
