import Foundation

/// Screens in step: with `--sync` or `"sync": true` the show's position is a pure function of
/// the wall clock, the slide list (the playlist and the seed) and the shared epoch, so screens
/// with the same playlist and an NTP-set clock change slides in the same frame, and a screen that
/// (re)starts joins at the slide the others show.
///
/// Each frame the engine is stepped to the show time the wall clock gives (not by the frame's
/// duration), with every slide taken as ready for the timing of auto-advances: a late decode
/// never shifts the timeline (the slide appears when decoded, the next change stays on time).
extension ShowDirector {
    /// The shared epoch: Unix time 0, so nothing needs to be agreed between screens but the clock.
    public static let syncEpoch = 0.0
    /// A difference between the wall clock and the monotonic clock beyond this is a clock jump.
    static let clockJumpLimit = 0.5
    /// How long after the timeline's slide change the show is checked to be on it.
    static let syncCheckDelay = 0.1

    /// Whether the show follows the wall clock.
    public var isSynced: Bool { setup.sync || feed.document.sync }

    /// Steps the engine to the wall clock's show time; anchors first when needed.
    mutating func advanceInStep(_ input: FrameInput) -> [EngineRequest] {
        let wall = setup.scheduleDate(input.wall)
        followSyncedCycle(at: wall)
        let signature = syncSignature()
        guard let timeline = syncTimeline(signature) else {
            frames.clock.anchor = nil
            return engine.advance(by: input.frameTime, images: input.images)
        }
        let away = engine.mode != .attract || engine.show.isPaused
        if var anchor = frames.clock.anchor {
            let jump = abs(((wall - anchor.lastWall) - (input.monotonic - anchor.lastMonotonic)).value)
            if anchor.signature != signature || jump > Self.clockJumpLimit || (anchor.wasAway && !away) {
                if jump > Self.clockJumpLimit { log.info("the wall clock jumped by \(jump) s; joining the timeline") }
                anchorToWall(wall, timeline: timeline, signature: signature)
            } else {
                anchor.wasAway = away
                frames.clock.anchor = anchor
            }
        } else {
            anchorToWall(wall, timeline: timeline, signature: signature)
        }
        guard var anchor = frames.clock.anchor else { return [] }
        anchor.lastWall = wall
        anchor.lastMonotonic = input.monotonic
        frames.clock.anchor = anchor
        let requests = step(to: anchor.anchor.showTime(at: wall), images: input.images, away: away)
        // Once the timeline has changed slides, the show is checked to be on it (a remote's
        // `next` holds until then).
        let expected = timeline.position(at: wall)
        let slideStart = Date(unixSeconds: expected.slideStart)
        if !away, slideStart != anchor.checkedStart, (wall - slideStart).value >= Self.syncCheckDelay {
            frames.clock.anchor?.checkedStart = slideStart
            if engine.show.index != expected.index || engine.show.pending != nil {
                anchorToWall(wall, timeline: timeline, signature: signature)
            }
        }
        return requests
    }

    /// Steps the engine to show time `target`, in frames no longer than the engine takes.
    private mutating func step(to target: ShowTime, images: LoadedImages, away: Bool) -> [EngineRequest] {
        let slides = engine.show.slides
        // On the timeline every slide counts as ready; browsing waits for its images as usual.
        let isReady: (Int) -> Bool = { i in
            slides.indices.contains(i) && (!away || images.isReady(slides[i].path))
        }
        let imageSize = { (i: Int) in slides.indices.contains(i) ? images.size(slides[i].path) : nil }
        let metadata = { (i: Int) in slides.indices.contains(i) ? images.images[slides[i].path]?.metadata : nil }
        var requests: [EngineRequest] = []
        var remaining = (target - engine.renderTime).value
        while remaining > 1e-9 {
            let part = min(remaining, 0.2)
            requests += engine.advance(by: Seconds(part), isReady: isReady, imageSize: imageSize, metadata: metadata)
            remaining -= part
        }
        return requests
    }

    /// Puts the show where the timeline is at wall time `wall`, at the engine's current show
    /// time. A slide still coming in is entered from the slide before, so its transition runs
    /// from its nominal start.
    private mutating func anchorToWall(_ wall: Date, timeline: SyncTimeline, signature: SyncAnchor.Signature) {
        let now = engine.time
        let position = timeline.position(at: wall)
        let show = engine.show
        let slideStart = now - position.timeInto
        if position.transitionProgress != nil, let before = show.index(before: position.index) {
            engine.restart(
                slides: show.slides, options: show.options, at: slideStart - show.dwell(before), index: before)
        } else {
            engine.restart(slides: show.slides, options: show.options, at: slideStart, index: position.index)
        }
        if show.isPaused { engine.pauseShow(at: now) }
        // The transition due by now starts, at its nominal time.
        let slides = engine.show.slides
        _ = engine.run(to: now) { slides.indices.contains($0) }
        frames.clock.anchor = SyncAnchor(
            anchor: WallAnchor(show: now, wall: wall), timeline: timeline, signature: signature,
            lastWall: wall, lastMonotonic: frames.clock.anchor?.lastMonotonic ?? MonotonicInstant(seconds: 0),
            wasAway: false,
            checkedStart: Date(unixSeconds: position.slideStart))
    }

    /// Shuffled items play the order of the timeline's cycle at `wall` (a function of the seed, the
    /// cycle and the photos, the same on every screen), taken before the engine steps into the
    /// cycle. The order changes within items only, so a timeline of the same slide times goes on.
    private mutating func followSyncedCycle(at wall: Date) {
        let before = syncSignature()
        guard let timeline = syncTimeline(before), feed.playSynced(cycle: timeline.position(at: wall).cycle) else {
            return
        }
        let durations = engine.show.slides.indices.map(engine.show.dwell)
        engine.replaceSlides(feed.slides(for: playlist), at: engine.time)
        let after = syncSignature()
        if after.count == before.count, engine.show.slides.indices.map(engine.show.dwell) == durations {
            frames.clock.anchor?.signature = after
        }
    }

    private func syncSignature() -> SyncAnchor.Signature {
        let show = engine.show
        return SyncAnchor.Signature(
            count: show.count, interval: show.options.interval, transitionDuration: show.options.transitionDuration,
            loop: show.options.loop, first: show.slides.first?.path, last: show.slides.last?.path)
    }

    /// The timeline of the slides playing: the anchor's while they are the same.
    private func syncTimeline(_ signature: SyncAnchor.Signature) -> SyncTimeline? {
        if let anchor = frames.clock.anchor, anchor.signature == signature { return anchor.timeline }
        let show = engine.show
        return SyncTimeline(
            epoch: Self.syncEpoch, durations: show.slides.indices.map { show.dwell($0) },
            transitionDuration: show.options.transitionDuration, loops: show.options.loop)
    }

    /// For the remote state: the epoch, and how many seconds the slide on screen started after
    /// the timeline's start of it (nil when another slide shows, such as after a remote's `next`).
    func syncReport() -> (epoch: Date, offset: Seconds?)? {
        guard isSynced, let anchor = frames.clock.anchor else { return nil }
        let wall = anchor.lastWall
        let expected = anchor.timeline.position(at: wall)
        guard engine.show.index == expected.index else { return (Date(unixSeconds: Self.syncEpoch), nil) }
        let started = anchor.anchor.wall(at: engine.show.shownSince)
        return (Date(unixSeconds: Self.syncEpoch), started - Date(unixSeconds: expected.slideStart))
    }
}
