import Foundation

/// Ties a running engine to a live playlist: content that changes on disk, the
/// schedule (playlist and display power), the display's hook commands, and the
/// resume position. The player calls `update` once a frame after advancing the
/// engine; nothing here blocks or reads the clock: times are passed in.
public final class LiveShow {
    public let session: PlaylistSession
    public private(set) var programme: Programme
    private var hooks: PowerHooks?
    private let resume: ResumeStore?
    private let options: (PlaylistDocument, String) -> ShowOptions
    private let origin: String
    private let fingerprintExtra: String
    private let seed: UInt64
    private let log: Log
    /// Seconds added to the wall clock (`--clock` minus the real start time).
    private let clockOffset: TimeInterval
    private var fingerprint: String
    /// Whether the show was paused because the display went off (a user's pause is left alone).
    private var pausedForPower = false
    private var slidesStale = false
    private var lastRebuild = -Double.infinity
    private var lastSave: (source: String?, time: Double) = (nil, -Double.infinity)
    /// The source to move to once it is in the slide list (a resumed position).
    private var pendingResume: String?
    /// Whether the engine's status screen is one this show set.
    private var setStatus = false
    /// The last warnings given (also logged), for an on-screen notice and for tests.
    public private(set) var notices: [String] = []

    /// Seconds between two rebuilds of the slide list while folders are being scanned.
    public static let rebuildInterval = 0.5
    /// Seconds between two saves of the resume position.
    public static let saveInterval = 30.0

    /// - Parameters:
    ///   - origin: what plays (the playlist file, or the command line's sources), for the resume position.
    ///   - fingerprintExtra: options that change the order (such as `--order shuffle --seed 3`).
    public init(
        session: PlaylistSession, programme: Programme, resume: ResumeStore?, origin: String,
        fingerprintExtra: String = "", seed: UInt64 = 0, clockOffset: TimeInterval = 0, log: Log = Log("playlist"),
        options: @escaping (PlaylistDocument, String) -> ShowOptions
    ) {
        self.clockOffset = clockOffset
        self.session = session
        self.programme = programme
        self.resume = resume
        self.origin = origin
        self.fingerprintExtra = fingerprintExtra
        self.seed = seed
        self.log = log
        self.options = options
        self.fingerprint = ""
        self.hooks = Self.hooks(for: session.document)
        self.fingerprint = computeFingerprint()
    }

    public var displayOn: Bool { programme.displayOn }
    public var playlist: String { programme.playlist }

    private static func hooks(for document: PlaylistDocument) -> PowerHooks? {
        let spec = document.display
        guard spec.onCommand != nil || spec.offCommand != nil else { return nil }
        return PowerHooks(onCommand: spec.onCommand, offCommand: spec.offCommand, timeout: spec.commandTimeout)
    }

    private func computeFingerprint() -> String {
        let text =
            session.watchesPlaylistFile
            ? (try? String(contentsOfFile: session.document.file, encoding: .utf8)) ?? "" : ""
        return ResumePosition.fingerprint(origin + "\n" + fingerprintExtra + "\n" + text)
    }

    /// The engine for the first frame: the scheduled playlist's slides, at the
    /// resumed position when there is one that still fits. Starts scanning and watching.
    public func makeEngine(output: Size, touch: TouchOptions = TouchOptions()) -> ShowEngine {
        session.start()
        restorePosition()
        let name = programme.playlist
        var engine = ShowEngine(slides: [], options: options(session.document, name), output: output, touch: touch)
        engine.restart(slides: session.slides(for: name), options: options(session.document, name), at: 0)
        moveToPendingResume(&engine)
        if !programme.displayOn {
            engine.pauseShow(at: 0)
            pausedForPower = true
        }
        hooks?.displayTurned(on: programme.displayOn)
        return engine
    }

    private func restorePosition() {
        guard let resume else { return }
        switch resume.load() {
        case .none:
            break
        case .unusable(let why):
            warn("\(why); starting from the first slide")
        case .position(let position):
            guard position.origin == origin, position.fingerprint == fingerprint, position.seed == seed else {
                log.info("the playlist changed since the saved position; starting from the first slide")
                return
            }
            guard position.playlist == programme.playlist else { return }
            guard DirectoryWalk.fileStamp(position.source) != nil else {
                warn("the saved position points at \(position.source), which is missing; starting from the first slide")
                return
            }
            if session.prime(position.source) {
                pendingResume = position.source
                log.info("resuming at \(position.source)")
            }
        }
    }

    private func moveToPendingResume(_ engine: inout ShowEngine) {
        guard let source = pendingResume else { return }
        guard let index = engine.show.slides.firstIndex(where: { $0.source == source }) else {
            if !session.isScanning {
                pendingResume = nil
            }
            return
        }
        pendingResume = nil
        engine.restart(slides: engine.show.slides, options: engine.show.options, at: engine.time, index: index)
    }

    /// Once a frame, after the engine advanced. `now` is a monotonic time in
    /// seconds (for files settling); `wall` the wall-clock time (for the schedule).
    /// Returns files whose contents changed while loaded (their images must be decoded again).
    @discardableResult
    public func update(_ engine: inout ShowEngine, now: Double, wall: Date) -> Set<String> {
        let update = session.poll(now: now)
        for line in update.rejected { remember(line) }
        if let first = update.rejected.first {
            let more = update.rejected.count > 1 ? " (and \(update.rejected.count - 1) more; see the log)" : ""
            engine.notice = Notice(
                "Playlist edit not used, the previous one plays on: \(first)\(more)", since: engine.time)
        }
        var changes: [ProgrammeChange] = []
        if update.reloaded {
            hooks = Self.hooks(for: session.document)
            fingerprint = computeFingerprint()
            if let change = programme.replaceSchedule(session.document.schedule(), at: engine.time) {
                changes.append(change)
            }
            engine.setOptions(options(session.document, programme.playlist))
        }
        changes += programme.advance(to: engine.time, wall: wall.addingTimeInterval(clockOffset))
        var restarted = false
        for change in changes {
            apply(change, &engine)
            if change.playlist != nil { restarted = true }
        }
        if !restarted, update.playlists.contains(programme.playlist) || update.reloaded { slidesStale = true }
        if slidesStale, engine.show.count == 0 || !session.isScanning || now - lastRebuild >= Self.rebuildInterval {
            let before = engine.show.count
            engine.replaceSlides(session.slides(for: programme.playlist), at: engine.time)
            slidesStale = false
            if !session.isScanning, engine.show.count != before {
                log.info("playlist '\(programme.playlist)': \(engine.show.count) images")
            }
            lastRebuild = now
            moveToPendingResume(&engine)
        }
        showStatus(&engine)
        warnBeforeDisplayOff(&engine, wall: wall.addingTimeInterval(clockOffset))
        savePosition(engine, now: now)
        return update.rewritten
    }

    /// Seconds of warning before the schedule switches the display off.
    public static let offWarning = 60.0

    /// A notice during the last minute before a scheduled switch-off.
    private func warnBeforeDisplayOff(_ engine: inout ShowEngine, wall: Date) {
        guard programme.displayOn, !programme.isAwake, programme.schedule.state(at: wall).displayOn,
            !programme.schedule.state(at: wall.addingTimeInterval(Self.offWarning)).displayOn
        else { return }
        if let notice = engine.notice, notice.isShowing(at: engine.time), notice.text.hasPrefix("Display") { return }
        let message = StatusScreen.displayOffSoon(minutes: 1).lines
        engine.notice = Notice("\(message.title): \(message.body)", since: engine.time, duration: Self.offWarning)
    }

    /// While the playlist is empty: "Getting ready" during the scan, "No images yet" after it.
    private func showStatus(_ engine: inout ShowEngine) {
        if engine.show.count == 0 {
            let folders = session.content.folderItems.filter {
                session.document.playlists[$0.key.playlist].name == programme.playlist
            }.map(\.folder.path)
            let found = session.content.folders.values.reduce(0) { $0 + $1.count }
            engine.status = session.isScanning ? .scanning(found: found, total: nil) : .noImages(folders: folders)
            setStatus = true
        } else if setStatus {
            engine.status = nil
            setStatus = false
        }
    }

    private func apply(_ change: ProgrammeChange, _ engine: inout ShowEngine) {
        if let name = change.playlist {
            log.info("the schedule switches to playlist '\(name)'")
            engine.restart(slides: session.slides(for: name), options: options(session.document, name), at: change.time)
            slidesStale = false
        }
        if let on = change.displayOn {
            log.info("display \(on ? "on" : "off")")
            if on, pausedForPower {
                engine.resumeShow(at: change.time)
                pausedForPower = false
            } else if !on, !engine.show.isPaused {
                engine.pauseShow(at: change.time)
                pausedForPower = true
            }
            hooks?.displayTurned(on: on)
        }
    }

    private func warn(_ message: String) {
        log.warning(message)
        remember(message)
    }

    /// Keeps the last few notices only, so months of running stay within bounds.
    private func remember(_ message: String) {
        notices.append(message)
        if notices.count > 20 { notices.removeFirst(notices.count - 20) }
    }

    /// A touch or key while the display is off: wakes it for the wake time.
    /// Returns true when the input was used up by waking (it should not act on the show).
    public func wake(_ engine: inout ShowEngine) -> Bool {
        guard !programme.scheduled.displayOn else { return false }
        let wasOn = programme.displayOn
        if let change = programme.wake(at: engine.time) { apply(change, &engine) }
        return !wasOn
    }

    /// A file could not be decoded: it stays out of the show until it changes.
    public func failed(_ path: String) {
        _ = session.markFailed(path)
    }

    /// Saves the position now (when quitting).
    public func finish(_ engine: ShowEngine) {
        savePosition(engine, now: .infinity)
        hooks?.waitUntilIdle()
    }

    private func savePosition(_ engine: ShowEngine, now: Double) {
        guard let resume, pendingResume == nil, let source = engine.currentSource else { return }
        guard source != lastSave.source, now - lastSave.time >= Self.saveInterval else { return }
        let position = ResumePosition(
            origin: origin, fingerprint: fingerprint, playlist: programme.playlist, source: source,
            index: engine.show.index, seed: seed)
        do {
            try resume.save(position)
            lastSave = (source, now)
        } catch {
            warn("\(error); the position will not survive a restart")
            lastSave = (source, now)
        }
    }
}
