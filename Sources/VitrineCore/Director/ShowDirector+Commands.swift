/// What a remote (MQTT, the HTTP control API, `vitrine ctl`) asks of the show, applied at the
/// start of a frame; and what the show reports back.
extension ShowDirector {
    /// Applies one command at show time `engine.time`. Returns what the host must do (reload).
    mutating func perform(_ command: RemoteCommand, images: LoadedImages) -> [EngineRequest] {
        let time = engine.time
        let slides = engine.show.slides
        let isReady = { (i: Int) in slides.indices.contains(i) && images.isReady(slides[i].path) }
        let (screen, style) = (engine.output, engine.show.options)
        let facts = { (i: Int) in
            ShowEngine.pairFact(
                i, screen: screen, style: style,
                imageSize: { slides.indices.contains($0) ? images.size(slides[$0].path) : nil },
                metadata: { slides.indices.contains($0) ? images.images[slides[$0].path]?.metadata : nil })
        }
        switch command {
        case .next: engine.show.next(at: engine.time, isReady: isReady, facts: facts)
        case .previous: engine.show.previous(at: engine.time, isReady: isReady, facts: facts)
        case .first: engine.show.move(to: 0, at: engine.time, isReady: isReady, facts: facts)
        case .pause:
            // Paused while the display is off: now the user's pause, kept when the display comes back.
            power.userChose()
            engine.pauseShow(at: time)
        case .resume:
            power.userChose()
            engine.resumeShow(at: time)
        case .goTo(let index):
            guard slides.indices.contains(index) else {
                refuse("goto \(index): the show has \(slides.count) slides")
                return []
            }
            engine.show.move(to: index, at: engine.time, isReady: isReady, facts: facts)
        case .goToFile(let name):
            guard let index = slides.firstIndex(where: { $0.path == name || Self.fileName($0.path) == name }) else {
                refuse("goto \(name): no slide of that name")
                return []
            }
            engine.show.move(to: index, at: engine.time, isReady: isReady, facts: facts)
        case .playPlaylist(.auto):
            guard let wanted = asked.playlist else { return [] }
            asked.playlist = nil
            if wanted != programme.playlist { switchPlaylist(to: programme.playlist, at: time) }
        case .playPlaylist(.named(let name)):
            guard feed.document.playlist(named: name) != nil else {
                refuse("playlist \(name): the playlist file has no playlist of that name")
                return []
            }
            log.info("a remote asks for playlist '\(name)'")
            asked.playlist = name
            switchPlaylist(to: name, at: time)
        case .display(let request):
            let wasOn = displayOn
            asked.ask(display: request)
            displayChanged(from: wasOn, at: time)
        case .notice(let text, let seconds):
            engine.notice =
                text.isEmpty ? nil : Notice(text, since: time, duration: seconds ?? asked.noticeSeconds)
        case .setNoticeDuration(let seconds):
            asked.noticeSeconds = seconds
        case .reload:
            return [.reload]
        case .setInterval(let seconds):
            setup.show.interval = seconds
            setup.given.insert("--interval")
            engine.setOptions(setup.options(feed.document, playlist: playlist))
        case .setTransition(let kind):
            setup.show.transition = kind
            setup.given.insert("--transition")
            engine.setOptions(setup.options(feed.document, playlist: playlist))
        case .hide(let name):
            guard let path = slides.first(where: { Self.named(name, $0.path) })?.path else {
                refuse("hide \(name): no slide of that name")
                return []
            }
            engine.hide(path, at: time)
        case .unhide(let name):
            guard let path = engine.marks.hidden.first(where: { Self.named(name, $0) }) else {
                refuse("unhide \(name): no hidden photo of that name")
                return []
            }
            engine.unhide(path, at: time)
        case .favourite(let name, let on):
            let known = slides.map(\.path) + engine.marks.favourites
            guard let path = known.first(where: { Self.named(name, $0) }) else {
                refuse("favourite \(name): no slide of that name")
                return []
            }
            engine.setFavourite(path, on)
        }
        return []
    }

    /// Whether `name` names the photo at `path` (its path or its file name).
    static func named(_ name: String, _ path: String) -> Bool {
        path == name || fileName(path) == name
    }

    /// A command that cannot be carried out: one warning, kept for the remote state.
    private mutating func refuse(_ why: String) {
        warn("remote command not carried out: \(why)")
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// What the show reports to remotes.
    public func remoteState(version: String) -> RemoteState {
        var state = RemoteState()
        let show = engine.show
        if let path = engine.currentPath {
            state.index = show.index
            state.file = Self.fileName(path)
            state.path = path
            state.caption = show.slides[show.index].caption
        }
        state.count = show.count
        state.playlist = feed.document.file.isEmpty ? nil : playlist
        state.playlistAsked = asked.playlist ?? "auto"
        state.playlists = feed.document.file.isEmpty ? [] : feed.document.playlists.map(\.name)
        state.mode = engine.mode.rawValue
        state.paused = show.isPaused && !power.pause.isPausedForDisplay
        state.interval = show.options.interval
        state.transition = show.options.transition.rawValue
        state.displayAsked = asked.display.map { $0 ? .on : .off } ?? .auto
        state.displayLit = displayOn
        state.unseen = feed.unseenCount(playlist: playlist)
        if let presence {
            state.present = presence.isPresent
            state.away = presence.away
            state.held = power.pause.isPausedForDisplay
        }
        state.displayScheduled = programme.scheduled.displayOn
        if let next = programme.nextChangeTime {
            state.nextChangeAt = next
            let upcoming = programme.schedule.state(at: next)
            state.nextChange =
                upcoming.displayOn != programme.scheduled.displayOn
                ? (upcoming.displayOn ? "display on" : "display off") : upcoming.playlist
        }
        if let notice = engine.notice, notice.isShowing(at: engine.time) { state.notice = notice.text }
        state.noticeSeconds = asked.noticeSeconds
        state.notices = notices
        state.version = version
        state.uptime = frames.runTime
        state.frames = frames.count
        if let sync = syncReport() {
            state.syncEpoch = sync.epoch
            state.syncOffset = sync.offset
        }
        return state
    }
}
