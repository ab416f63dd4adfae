import Foundation

/// Runs a show whose playlist and display follow a schedule: the ideal
/// timeline that `vitrine snapshot` draws and the player follows. A playlist
/// change cuts to the first slide of the new playlist; while the display is
/// off the show is paused (nothing is drawn or decoded) and it carries on
/// where it was when the display comes back on.
public enum ScheduledRun {
    /// The engine and programme at show time `time`, with wall time `wallOrigin + t` at show time t.
    /// `options` gives the show options of a playlist; `configure` sets up the new engine (overlays).
    public static func run(
        content: PlaylistContent, options: (String) -> ShowOptions, wallOrigin: Date, wakeDuration: Double = 300,
        fallbackZone: TimeZone = .current, output: Size, touch: TouchOptions = TouchOptions(),
        input: [InputEvent] = [], to time: Double,
        configure: (inout ShowEngine) -> Void = { _ in }
    ) -> (engine: ShowEngine, programme: Programme) {
        var programme = Programme(
            schedule: content.document.schedule(fallbackZone: fallbackZone), wallOrigin: wallOrigin,
            wakeDuration: wakeDuration)
        let first = programme.playlist
        var engine = ShowEngine(
            slides: content.slides(for: first), options: options(first), output: output, touch: touch)
        configure(&engine)
        if !programme.displayOn { engine.pauseShow(at: 0) }
        for event in input { engine.enqueue(event) }
        let changes = programme.advance(to: time, wall: wallOrigin.addingTimeInterval(time))
        for change in changes {
            _ = engine.run(to: change.time) { _ in true }
            apply(change, to: &engine, content: content, options: options)
        }
        _ = engine.run(to: time) { _ in true }
        return (engine, programme)
    }

    /// Applies one change of the programme to the engine.
    public static func apply(
        _ change: ProgrammeChange, to engine: inout ShowEngine, content: PlaylistContent,
        options: (String) -> ShowOptions
    ) {
        if let name = change.playlist {
            engine.restart(slides: content.slides(for: name), options: options(name), at: change.time)
        }
        switch change.displayOn {
        case true?: engine.resumeShow(at: change.time)
        case false?: engine.pauseShow(at: change.time)
        case nil: break
        }
    }
}
