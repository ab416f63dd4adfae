import Foundation
import VitrineCore
import VitrineSystem

/// What `play`, `snapshot` and `soak` play: a playlist file, or the document a
/// command line's SOURCEs make; and the director that plays it. The one place
/// sources become a show.
struct ShowSources {
    /// The SOURCE arguments (or the demo).
    var sources: [String]
    var common: CommonOptions
    var playlist: RunOptions
    /// The configuration file's display section, under a playlist's own.
    var display = DisplaySpec()

    /// How the feed follows its files.
    enum Mode {
        /// Listed in the background and watched (play).
        case live
        /// Listed at once, not watched (snapshot, soak).
        case still
    }

    var isPlaylistFile: Bool { RunOptions.isPlaylistFile(sources) }

    /// The feed of the sources. A playlist file that cannot be played is an error,
    /// or with `--keep-going` (live) a feed that shows its error until it is fixed.
    func feed(_ mode: Mode) throws -> PlaylistSession {
        let log = Log("playlist")
        let given = playlist.given
        let common = common
        let make = { (document: PlaylistDocument) in PlaylistContent(document: document, common: common, given: given) }
        let live = mode == .live
        let mirror = MirrorSettings.configuration(common)
        if isPlaylistFile {
            let path = sources[0]
            do {
                let document = try PlaylistLoading.load(path, log: log)
                return PlaylistSession(
                    document: document, background: live, watch: live, log: log, mirror: mirror,
                    displayBase: display, makeContent: make)
            } catch {
                guard live, common.keepGoing else { throw error }
                return PlaylistSession(
                    brokenFile: path, problem: PlaylistLoading.errorScreen(path), log: log, mirror: mirror,
                    displayBase: display, makeContent: make)
            }
        }
        let scanner = SourceScanner(allowEmpty: common.waitForImages)
        let local = try scanner.classify(
            sources.filter { !NetworkAddress.isHTTP($0) }, allowMissing: live && common.keepGoing)
        var remaining = local[...]
        let items = sources.compactMap { source -> PlaylistDocument.CommandLineSource? in
            if let network = NetworkSourceDecoder.commandLineSource(source) { return .network(network) }
            return remaining.popFirst().map { .local(path: $0.path, isFolder: $0.isFolder) }
        }
        return PlaylistSession(
            document: PlaylistDocument.commandLine(items), watchesFile: false, background: live, watch: live,
            log: log, mirror: mirror, displayBase: display, makeContent: make)
    }

    /// The wall time at show time 0: `--clock` in the document's zone, or now.
    func wallOrigin(_ feed: any ContentFeed, now: Date) -> Date {
        playlist.wallOrigin(zone: feed.document.timeZone(), now: now)
    }

    /// The director's settings for `feed`, with the wall clock read at `now`.
    func setup(_ feed: any ContentFeed, now: Date, quitAfter: Seconds? = nil, touch: TouchOptions) -> DirectorSettings {
        let given = playlist.given
        let wakeMinutes = playlist.wakeMinutes ?? feed.document.display.wakeMinutes ?? 5
        var setup = DirectorSettings(
            show: common.show, given: isPlaylistFile ? given : [], overlays: common.overlay, touch: touch,
            rotation: common.rotation, quitAfter: quitAfter,
            waitForImages: isPlaylistFile || common.waitForImages,
            clockOffset: wallOrigin(feed, now: now) - now, wakeDuration: Seconds(wakeMinutes * 60),
            origin: isPlaylistFile ? feed.document.file : sources.joined(separator: "\n"),
            fingerprintExtra: "order=\(given.contains("--order") ? common.order.rawValue : "-") "
                + "seed=\(given.contains("--seed") ? String(common.seed) : "-")",
            seed: common.seed)
        setup.sync = common.sync
        if PlaceNamesFile.needed(setup.overlays, document: feed.document) {
            setup.overlays.places = PlaceNamesFile.shared
        }
        return setup
    }

    /// Where the resume position is kept when played live, unless `--no-resume`: for a playlist
    /// file and for the folders and images given on the command line or in the configuration
    /// alike (the position names what plays, so one file serves whichever show runs).
    func positions() -> ResumeStore? {
        guard !playlist.noResume else { return nil }
        return ResumeStore(path: playlist.stateFile ?? ResumeStore.defaultPath())
    }

    /// Where the hidden and favourite photos of a live show are kept: beside the resume position
    /// (kept even with `--no-resume`: a hidden photo stays hidden).
    func marks() -> MarksStore {
        MarksStore(besidePosition: playlist.stateFile ?? ResumeStore.defaultPath())
    }

    /// A director for `feed`: the engine, programme and resume position of this show.
    func director(
        _ feed: any ContentFeed, setup: DirectorSettings, output: Size, now: Date, positions: (any PositionStore)?,
        input: [InputEvent], marks: (any PhotoMarkStore)? = nil
    ) -> ShowDirector {
        ShowDirector(
            setup: setup,
            environment: ShowEnvironment(
                feed: feed, positions: positions, powerHooks: { PowerHooks.make($0) }, marks: marks),
            output: setup.rotation.logicalSize(for: output),
            wallOrigin: wallOrigin(feed, now: now),
            input: input)
    }
}
