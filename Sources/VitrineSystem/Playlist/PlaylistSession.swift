import Foundation
import Synchronization
import VitrineCore
import VitrineNet

/// The live side of a playlist: its folders scanned in the background and
/// watched with inotify, its single images watched, and the playlist file
/// itself watched and re-read when edited. Only the render thread uses it: it
/// is polled once a frame and never blocks. Time (`now`, in seconds) is passed in.
public final class PlaylistSession: ContentFeed {
    public private(set) var document: PlaylistDocument
    /// The configuration file's display section, under the document's own (each read of the file gets it).
    public let displayBase: DisplaySpec
    /// Set while the playlist file could not be played from the start: its first error.
    public private(set) var problem: StatusScreen?
    public private(set) var content: PlaylistContent
    /// nil when inotify is not available (the show plays, without hot reload).
    public let watcher: FileWatcher?
    private var scans: [FolderScan] = []
    private var settle: SettleTracker
    private let makeContent: (PlaylistDocument) -> PlaylistContent
    private let log: Log
    /// Whether the session's own file is watched (false for command-line sources).
    private let watchesFile: Bool
    /// Whether folders are walked on a background thread (the player) or at once (tests).
    private let background: Bool
    /// Files that arrived in folders during this poll, added together at its end: a
    /// thousand photos copied at once cost one merge per folder, not a thousand.
    private var arrivals: [ItemKey: [FolderEntry]] = [:]
    private var lastSettleCheck = MonotonicInstant.distantPast
    /// Where network items are mirrored; nil plays none of them.
    private let mirrorConfiguration: MirrorConfiguration?
    /// The mirror of the document's network items, while it has some.
    public private(set) var network: NetworkContent?
    /// Tells when file systems come and go (a stick pulled and plugged back); nil without /proc or watching.
    private let mounts: MountTable?
    /// Each folder source's identity when it was last listed; none while it is missing.
    private var identities: [ItemKey: FolderIdentity] = [:]
    private var lastMountCheck = MonotonicInstant.distantPast
    /// The last poll left the mount table for later (it was looked at less than `mountCheckInterval` before).
    private var mountCheckPutOff = false
    /// The fair shuffle's record on disk; nil keeps it in memory only.
    private var shownStore: ShownStore?
    private var shownSaved = (changed: false, at: MonotonicInstant.distantPast)
    /// Playlists whose shuffled order changed since the last poll.
    private var reordered: Set<String> = []
    /// The unseen count of each playlist asked for, until something changes.
    private var unseenCache: [String: Int?] = [:]
    /// The wall clock, for the day of `memories` items (the schedule's, shifted by `--clock`).
    public var clock: @Sendable () -> Date = { Date() } {
        didSet { sharedClock.clock.withLock { $0 = clock } }
    }
    /// The same clock, read by the mirror's threads (an Immich memories source lists the memories of its day).
    private let sharedClock = SharedClock()
    /// The time between two saves of the record of shown photos.
    static let shownSaveInterval: Seconds = 30
    /// The time between two looks at the mount table.
    static let mountCheckInterval: Seconds = 0.25
    /// Beyond this many files being written, they are looked at a few times a second only.
    static let settleBatch = 256

    /// A session for `document`. `makeContent` builds empty content for a
    /// (re-read) document, with the command line's order and seed.
    public init(
        document: PlaylistDocument, watchesFile: Bool = true, settle: Seconds = 1, background: Bool = true,
        watch: Bool = true, problem: StatusScreen? = nil, log: Log = Log("playlist"),
        mirror: MirrorConfiguration? = nil, displayBase: DisplaySpec = DisplaySpec(),
        makeContent: @escaping (PlaylistDocument) -> PlaylistContent
    ) {
        var document = document
        document.display = document.display.over(displayBase)
        self.displayBase = displayBase
        self.mirrorConfiguration = mirror
        self.problem = problem
        self.background = background
        self.document = document
        self.makeContent = makeContent
        self.content = makeContent(document)
        self.settle = SettleTracker(settle: settle)
        self.log = log
        self.watchesFile = watchesFile
        do {
            watcher = watch ? try FileWatcher() : nil
        } catch {
            log.warning("\(error); changes to files will not show until a restart")
            watcher = nil
        }
        mounts = watcher == nil ? nil : MountTable()
    }

    deinit {
        saveShown(force: true)
        for scan in scans { scan.cancel() }
        network?.stop()
    }

    /// Rings a resting loop awake, from a thread of its own, when files in the watched folders or
    /// the mount table change (`FileWatcher.ringOnChange`); false when it cannot (nothing is
    /// watched, or no thread): the loop then looks around on its own.
    @discardableResult
    public func ringOnChange(_ ring: @escaping @Sendable () -> Void) -> Bool {
        guard let watcher else { return false }
        do {
            try watcher.ringOnChange(mounts: mounts != nil, ring)
            return true
        } catch {
            log.warning("\(error); changes to files are looked for a few times a second")
            return false
        }
    }

    /// Nil when all the session waits for rings the loop: no folder is being listed, no file is
    /// being written, no network source, and the folder events ring (`ringOnChange`).
    public var nextLook: Double? {
        if let watcher, !watcher.rings { return LookAround.seconds }
        if !scans.isEmpty || !settle.isEmpty || !arrivals.isEmpty || network != nil { return LookAround.seconds }
        // A mount change rang while the table had just been looked at.
        if mountCheckPutOff { return Self.mountCheckInterval.value }
        // Memories follow the day.
        if !content.playlistsWithMemories.isEmpty { return Self.memoriesLook }
        return nil
    }

    /// Seconds between looks at the day while a playlist shows memories.
    static let memoriesLook = 30.0

    /// Watches what the document names and starts scanning its folders.
    public func start() {
        watchTargets()
        _ = content.setMemoriesDay(now: clock(), zone: document.timeZone())
        for path in content.imagePaths where DirectoryWalk.fileStamp(path) != nil {
            _ = content.setImage(path, present: true)
        }
        for (key, folder) in content.folderItems { startScan(key, folder) }
        startNetwork()
        // Listed at once (not in the background): the slides are there when start returns.
        if !background {
            var update = SessionUpdate()
            drainScans(&update)
        }
    }

    /// The playlist file's text, for the resume position's fingerprint (empty for a command line's sources).
    public var fingerprintText: String {
        watchesFile ? (try? String(contentsOfFile: document.file, encoding: .utf8)) ?? "" : ""
    }

    /// A session for a playlist file that cannot be played yet: it shows `problem`
    /// and plays the file once an edit fixes it.
    public convenience init(
        brokenFile path: String, problem: StatusScreen, log: Log = Log("playlist"), mirror: MirrorConfiguration? = nil,
        displayBase: DisplaySpec = DisplaySpec(), makeContent: @escaping (PlaylistDocument) -> PlaylistContent
    ) {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let placeholder = PlaylistDocument(file: path, playlists: [PlaylistSpec(name: name, items: [])])
        self.init(
            document: placeholder, problem: problem, log: log, mirror: mirror, displayBase: displayBase,
            makeContent: makeContent)
    }

    /// Puts `path` into the content before the scan reaches it (a resumed
    /// position), when it is one of the document's images or inside one of its
    /// folders. Returns whether it is shown.
    public func prime(_ path: String) -> Bool {
        guard let stamp = DirectoryWalk.fileStamp(path) else { return false }
        var shown = false
        for target in targets(of: path) {
            switch target {
            case .image:
                _ = content.setImage(path, present: true)
                shown = true
            case .inFolder(let key, let folder, let relative) where folder.accepts(relative):
                _ = content.insert([FolderEntry(relative: relative, mtime: stamp.mtime)], into: key)
                shown = true
            default:
                break
            }
        }
        return shown
    }

    /// Whether a folder is still being walked.
    public var isScanning: Bool { !scans.isEmpty || network?.isListing(content) == true }

    /// How much of the photo the show waits for has arrived, while a network source downloads it.
    public var download: Double? { network?.download }

    /// A network source's server and what it waits for, while it has no photo yet.
    public var networkWait: (host: String, reason: String)? { network?.waiting() }

    /// The show moved to `path`: the mirror fetches it first and keeps it longest.
    public func showing(_ path: String) {
        network?.showing(path)
    }

    /// The photos hidden and favoured on the screen: favourites come earlier in each shuffled
    /// cycle from now on, and hidden ones no longer hold a cycle open.
    public func marksChanged(_ marks: PhotoMarks) {
        let favourites = Set(marks.favourites)
        let hidden = Set(marks.hidden)
        guard favourites != content.favourites || hidden != content.hidden else { return }
        content.favourites = favourites
        content.hidden = hidden
        unseenCache = [:]
        if content.syncCycle == nil { reordered.formUnion(shuffledPlaylists) }
    }

    /// A favourite set on the screen: an Immich photo's is written back to its server.
    public func favouriteChanged(_ path: String, _ favourite: Bool) {
        network?.favouriteChanged(path, favourite)
    }

    /// The playlists with a shuffled item.
    private var shuffledPlaylists: Set<String> {
        var names: Set<String> = []
        for (p, playlist) in document.playlists.enumerated()
        where playlist.items.indices.contains(where: { content.deckName(ItemKey(playlist: p, item: $0)) != nil }) {
            names.insert(playlist.name)
        }
        return names
    }

    /// Photos of playlist `playlist`'s shuffled items not yet seen in their cycle (counted again
    /// when what was seen, the marks or the listing changed).
    public func unseenCount(playlist: String) -> Int? {
        if let cached = unseenCache[playlist] { return cached }
        let count = content.unseenCount(playlist: playlist)
        unseenCache[playlist] = count
        return count
    }

    /// The slide of `path` was seen: the fair shuffle records it (saved at most every 30 s, and
    /// at once when a cycle is complete).
    public func seen(_ path: String) {
        unseenCache = [:]
        let before = content.shown
        let changed = content.recordShown(path) { [scans, network, content] key in
            !scans.contains { $0.key == key } && network?.isListing(content) != true
        }
        reordered.formUnion(changed)
        guard content.shown != before else { return }
        shownSaved.changed = true
        let cycleEnded = content.shown.decks.contains { name, deck in deck.cycle != before[name]?.cycle ?? 0 }
        saveShown(force: cycleEnded)
    }

    /// Keeps the fair shuffle's record in `store`: reads what it holds now.
    public func keepShown(in store: ShownStore) {
        let (record, warning) = store.load()
        if let warning { log.warning(warning) }
        content.shown = record
        shownStore = store
    }

    /// Writes the record of shown photos when it changed and the last write is old enough.
    public func saveShown(force: Bool = false) {
        guard let shownStore, shownSaved.changed else { return }
        let now = MonotonicInstant.now()
        guard force || now - shownSaved.at >= Self.shownSaveInterval else { return }
        shownSaved = (false, now)
        do {
            try shownStore.save(content.shown)
        } catch {
            log.warning("\(error); what the shuffle has shown will not survive a restart")
        }
    }

    /// In step with other screens, shuffled items play the synced cycle's order.
    public func playSynced(cycle: Int?) -> Bool { content.playSynced(cycle: cycle) }

    /// The full file that replaced a network photo's preview at `path`, so the show stays on the photo.
    public func successor(of path: String) -> String? { network?.successor(of: path) }

    /// The network photo shown from `path`, by its source and id (for the resume position).
    public func photo(at path: String) -> PhotoReference? {
        network?.entry(at: path).map { PhotoReference(source: $0.source, id: $0.remote) }
    }

    /// Whether the network photo `photo` is listed and still downloading.
    public func isAwaited(_ photo: PhotoReference) -> Bool {
        network?.isAwaited(MirrorEntryID(source: photo.source, remote: photo.id)) ?? false
    }

    /// The file the network photo `photo` is shown from now.
    public func path(of photo: PhotoReference) -> String? {
        network?.path(of: MirrorEntryID(source: photo.source, remote: photo.id))
    }

    /// The mirror's size and each source's counts, last refresh and last error; nil without network items.
    public var mirrorStatus: MirrorStatus? { network?.mirror.status }

    private func startNetwork() {
        var update = SessionUpdate()
        if let network, network.sourceKeys == document.networkSources.map(\.key) {
            // The same sources after an edit: the mirror goes on.
            network.refill()
            network.poll(&content, now: MonotonicInstant(seconds: 0), &update)
            return
        }
        network?.stop()
        network = nil
        guard var configuration = mirrorConfiguration else { return }
        let shared = sharedClock
        configuration.wallClock = { shared.clock.withLock { $0 }() }
        configuration.timeZone = document.timeZone()
        network = NetworkContent(
            sources: document.networkSources, configuration: configuration, fetching: background)
        network?.start()
        network?.poll(&content, now: MonotonicInstant(seconds: 0), &update)
    }

    /// The slides of a playlist now.
    public func slides(for playlist: String) -> [Slide] { content.slides(for: playlist) }

    /// A file failed to decode: left out until it changes. Returns the playlists that lost it.
    public func markFailed(_ path: String) -> Set<String> {
        unseenCache = [:]
        return content.markFailed(path) ? content.playlists(showing: path) : []
    }

    /// Takes in what happened since the last poll: finished scan batches, file
    /// events, files that stopped changing, and an edited playlist file.
    public func poll(now: MonotonicInstant) -> SessionUpdate {
        var update = SessionUpdate()
        update.playlists = reordered
        reordered = []
        if content.setMemoriesDay(now: clock(), zone: document.timeZone()) {
            update.playlists.formUnion(content.playlistsWithMemories)
            // A new day: Immich memories sources list the memories of this one.
            if content.hasNetworkMemories { network?.mirror.refreshNow() }
        }
        drainScans(&update)
        if let watcher {
            for event in watcher.read() { handle(event, now: now, &update) }
        }
        if !settle.isEmpty, settle.count <= Self.settleBatch || now - lastSettleCheck >= Seconds(0.25) {
            lastSettleCheck = now
            let (ready, gone) = settle.check(now: now, stamp: DirectoryWalk.fileStamp)
            for path in ready { arrived(path, &update) }
            for path in gone { departed(path, &update) }
        }
        flushArrivals()
        // While changes ring the loop, the table is looked at each poll (one poll(2) that does not
        // wait): a check put off would need a wake-up of its own.
        let interval = watcher?.rings == true ? 0 : Self.mountCheckInterval
        mountCheckPutOff = mounts != nil && now - lastMountCheck < interval
        if let mounts, !mountCheckPutOff {
            lastMountCheck = now
            if mounts.changed() { checkFolders(&update) }
        }
        network?.poll(&content, now: now, &update)
        // Scans started by these events (at once, when not in the background) are taken in now.
        drainScans(&update)
        if !update.playlists.isEmpty || update.reloaded { unseenCache = [:] }
        return update
    }

    // MARK: - Scans

    private func startScan(_ key: ItemKey, _ folder: FolderSource, subfolder: String = "") {
        if subfolder.isEmpty { identities[key] = FolderIdentity.of(folder.path) }
        let (order, _) = content.orderAndSeed(key, folder)
        let scan = FolderScan(
            key: key, folder: folder, subfolder: subfolder,
            needsMtime: order == .mtime || (order == .shuffle && content.favourRecent), watcher: watcher)
        scans.append(scan)
        guard background else { return scan.walk() }
        do {
            try scan.start()
        } catch {
            // Listed here instead (frames wait for it) rather than not at all.
            log.warning("\(error); listing \(folder.path) on the display's thread")
            scan.walk()
        }
    }

    private func drainScans(_ update: inout SessionUpdate) {
        guard !scans.isEmpty else { return }
        scans.removeAll { scan in
            let (entries, finished) = scan.drain()
            if !entries.isEmpty, content.insert(entries, into: scan.key) {
                update.playlists.insert(content.playlistName(of: scan.key))
            }
            return finished && scan.drain().entries.isEmpty
        }
    }

    // MARK: - Watching

    private func watchTargets() {
        guard let watcher else { return }
        var folders: Set<String> = []
        if watchesFile { folders.insert(Self.parent(document.file)) }
        for path in content.imagePaths { folders.insert(Self.parent(path)) }
        // The parent of a folder source tells when the folder itself appears or goes.
        for (_, folder) in content.folderItems { folders.insert(Self.parent(folder.path)) }
        for folder in folders { watcher.watch(folder) }
    }

    static func parent(_ path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        if parent.isEmpty { return path.hasPrefix("/") ? "/" : "." }
        return parent
    }

    /// What a path is to this session.
    private enum Target {
        case playlistFile
        case image
        case folderRoot(ItemKey, FolderSource)
        case inFolder(ItemKey, FolderSource, relative: String)
    }

    private func targets(of path: String) -> [Target] {
        var out: [Target] = []
        if watchesFile, path == document.file { out.append(.playlistFile) }
        if content.imagePaths.contains(path) { out.append(.image) }
        for (key, folder) in content.folderItems {
            if path == folder.path {
                out.append(.folderRoot(key, folder))
            } else if path.hasPrefix(folder.path + "/") {
                out.append(.inFolder(key, folder, relative: String(path.dropFirst(folder.path.count + 1))))
            }
        }
        return out
    }

    private func handle(_ event: FileEvent, now: MonotonicInstant, _ update: inout SessionUpdate) {
        if event.kind == .overflow {
            log.warning("too many file changes at once; looking at every folder again")
            for (key, folder) in content.folderItems { startScan(key, folder) }
            return
        }
        let path = event.kind == .folderGone ? event.folder : event.path
        for target in targets(of: path) {
            switch (target, event.kind) {
            case (.playlistFile, .changed):
                settle.note(path, now: now)
            case (.playlistFile, .movedIn):
                // Saved to a temporary file and renamed into place: complete.
                arrived(path, &update)
            case (.playlistFile, _):
                log.warning("\(document.file) was removed; the playlist as last read keeps playing")
            case (.image, .changed):
                settle.note(path, now: now)
            case (.image, .movedIn):
                arrived(path, &update)
            case (.image, _):
                departed(path, &update)
            case (.folderRoot(let key, let folder), .movedIn), (.folderRoot(let key, let folder), .changed):
                if event.isDirectory, !(watcher?.isWatching(folder.path) ?? true) { startScan(key, folder) }
            case (.folderRoot(let key, let folder), _):
                folderGone(key, folder, relative: "", &update)
            case (.inFolder(let key, let folder, let relative), let kind):
                if event.isDirectory || kind == .folderGone {
                    switch kind {
                    case .movedIn, .changed:
                        // A folder moved in, or created (then scanned once, when not yet watched).
                        let hidden = relative.split(separator: "/").contains { $0.hasPrefix(".") }
                        var movedIn = false
                        if case .movedIn = kind { movedIn = true }
                        if folder.recursive, !hidden, movedIn || !(watcher?.isWatching(path) ?? true) {
                            startScan(key, folder, subfolder: relative)
                        }
                    default:
                        folderGone(key, folder, relative: relative, &update)
                    }
                } else {
                    switch kind {
                    case .changed: if folder.accepts(relative) { settle.note(path, now: now) }
                    case .movedIn: arrived(path, &update)
                    default: departed(path, &update)
                    }
                }
            }
        }
    }

    private func folderGone(_ key: ItemKey, _ folder: FolderSource, relative: String, _ update: inout SessionUpdate) {
        let absolute = relative.isEmpty ? folder.path : folder.path + "/" + relative
        // When the source folder itself went, its parent stays watched for its return.
        watcher?.unwatch(under: absolute)
        settle.forget(under: absolute)
        let prefix = relative.isEmpty ? "" : relative + "/"
        arrivals[key]?.removeAll { $0.relative.hasPrefix(prefix) }
        if content.removeAll(under: relative, from: key) { update.playlists.insert(content.playlistName(of: key)) }
    }

    /// The mount table changed: a folder source whose file system went leaves the show; one
    /// that came back (or was replaced, or is no longer watched) is listed and watched again;
    /// one that became read-only plays on, said once.
    private func checkFolders(_ update: inout SessionUpdate) {
        for (key, folder) in content.folderItems {
            let now = FolderIdentity.of(folder.path)
            let before = identities[key]
            identities[key] = now
            guard let now else {
                if before != nil {
                    log.warning("\(folder.path) is gone (unmounted?); its photos return when it does")
                    folderGone(key, folder, relative: "", &update)
                }
                continue
            }
            let replaced = before.map { $0.device != now.device || $0.inode != now.inode } ?? true
            if replaced || !(watcher?.isWatching(folder.path) ?? true) {
                log.info("\(folder.path): a file system was mounted or unmounted there; listing it again")
                folderGone(key, folder, relative: "", &update)
                _ = content.clearFailed(under: folder.path)
                startScan(key, folder)
            } else if now.readOnly, before?.readOnly == false {
                log.warning("\(folder.path) is read-only now; the show goes on with what it holds")
            } else if !now.readOnly, before?.readOnly == true {
                log.info("\(folder.path) is writable again")
            }
        }
    }

    /// A file is complete (settled, or renamed into place).
    private func arrived(_ path: String, _ update: inout SessionUpdate) {
        settle.forget(path)

        guard let stamp = DirectoryWalk.fileStamp(path) else { return }
        let wasFailed = content.clearFailed(path)
        for target in targets(of: path) {
            switch target {
            case .playlistFile:
                reload(&update)
            case .image:
                if content.setImage(path, present: true) {
                    update.playlists.formUnion(content.playlists(showing: path))
                } else {
                    update.rewritten.insert(path)
                }
            case .inFolder(let key, let folder, let relative):
                guard folder.accepts(relative) else { continue }
                let entry = FolderEntry(relative: relative, mtime: stamp.mtime)
                if content.folders[key]?.contains(relative) ?? false {
                    _ = content.insert([entry], into: key)
                    update.rewritten.insert(path)
                } else {
                    arrivals[key, default: []].append(entry)
                    update.playlists.insert(content.playlistName(of: key))
                }
                if wasFailed { update.playlists.insert(content.playlistName(of: key)) }
            case .folderRoot:
                break
            }
        }
        if wasFailed { update.playlists.formUnion(content.playlists(showing: path)) }
    }

    private func flushArrivals() {
        guard !arrivals.isEmpty else { return }
        for (key, entries) in arrivals {
            // A photo that comes once its folder is listed plays next in a shuffled folder.
            if !scans.contains(where: { $0.key == key }) {
                content.join(entries.map(\.relative).filter { content.folders[key]?.contains($0) == false }, into: key)
            }
            _ = content.insert(entries, into: key)
        }
        arrivals.removeAll()
    }

    /// A file was deleted or moved away.
    private func departed(_ path: String, _ update: inout SessionUpdate) {
        settle.forget(path)
        for target in targets(of: path) {
            switch target {
            case .image:
                if content.setImage(path, present: false) {
                    update.playlists.formUnion(content.playlists(showing: path))
                }
            case .inFolder(let key, _, let relative):
                arrivals[key]?.removeAll { $0.relative == relative }
                if content.remove(relative, from: key) { update.playlists.insert(content.playlistName(of: key)) }
            case .playlistFile, .folderRoot:
                break
            }
        }
    }

    // MARK: - Reloading the playlist file

    private func reload(_ update: inout SessionUpdate) {
        let outcome = PlaylistDecoder.load(document.file)

        for diagnostic in outcome.diagnostics where diagnostic.severity == .warning {
            log.warning(diagnostic.formatted(file: document.file))
        }
        guard var fresh = outcome.document else {
            let errors = outcome.diagnostics.errors.map { $0.formatted(file: document.file) }
            for line in errors { log.error(line) }
            if problem != nil {
                // Still nothing to play: the screen shows the error the file has now.
                let first = outcome.diagnostics.errors.first
                problem = .playlistError(
                    file: document.file, line: first?.position?.line, message: first?.description ?? "cannot be played")
            } else {
                log.error("\(document.file): the edited playlist cannot be played; the previous one keeps playing")
            }
            update.rejected = errors
            return
        }
        fresh.display = fresh.display.over(displayBase)
        if problem != nil { log.info("the playlist can be played now; starting the show") }
        problem = nil
        guard fresh != document else { return }
        log.info("\(document.file): reloaded")
        replace(with: fresh)
        update.reloaded = true
        update.playlists.formUnion(fresh.playlists.map(\.name))
    }

    /// Puts a new document in place, keeping what is known of folders it still shows the same way.
    private func replace(with fresh: PlaylistDocument) {
        flushArrivals()
        let old = content
        let scanning = Set(scans.map(\.key))
        for scan in scans { scan.cancel() }
        scans.removeAll()
        document = fresh
        content = makeContent(fresh)
        content.shown = old.shown
        _ = content.setMemoriesDay(now: clock(), zone: fresh.timeZone())
        _ = content.playSynced(cycle: old.syncCycle)
        for path in content.imagePaths where DirectoryWalk.fileStamp(path) != nil {
            _ = content.setImage(path, present: true)
        }
        for path in old.failed { _ = content.markFailed(path) }
        for (key, folder) in content.folderItems {
            let wanted = content.orderAndSeed(key, folder)
            let reusable = old.folderItems.first { previous in
                previous.folder == folder && old.orderAndSeed(previous.key, previous.folder) == wanted
                    && old.folders[previous.key] != nil
            }
            if let reusable, let index = old.folders[reusable.key] {
                _ = content.insert(index.entries, into: key)
                if scanning.contains(reusable.key) { startScan(key, folder) }
            } else {
                startScan(key, folder)
            }
        }
        startNetwork()
        watchTargets()
    }
}

/// The session's wall clock, as the mirror's threads read it.
private final class SharedClock: Sendable {
    let clock = Mutex<@Sendable () -> Date>({ Date() })
}
