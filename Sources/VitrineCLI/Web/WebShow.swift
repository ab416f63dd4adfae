import Dispatch
import Foundation
import Synchronization
import VitrineCore
import VitrineMedia
import VitrineRemote
import VitrineSDL
import VitrineSystem
import VitrineWeb

/// The running player as the web page sees it: the state and picture the frame loop publishes
/// (on a `StateBoard`), commands into a queue the loop drains, and the project's own checker,
/// snapshot renderer and schedule chart for edits and previews. Called on the web server's
/// threads; never waits for a frame.
final class WebShow: ShowControlling {
    let board = StateBoard()
    /// The latest picture of the screen, its number, and the JPEGs made of it (by scale factor).
    private let picture = Mutex<(number: Int, pixels: PixelBuffer?, encoded: [Int: [UInt8]])>((0, nil, [:]))
    /// Who hears of changes a person would see (the live Now page), told on `changes`.
    private let listeners = Mutex<[@Sendable () -> Void]>([])
    /// At the loop's own priority: the picture a person watches for is made and sent at once,
    /// not behind other work (a queue of utility's class runs below it).
    private let changes = DispatchQueue(label: "vitrine.web-live", qos: .userInitiated)
    /// When the program started, for the page's "up for".
    private let started = Date()
    /// One thumbnail worker, so a page of thumbnails does not start a decoder each.
    private let thumbnailDecoder: Mutex<IsolatedDecoder?> = Mutex(nil)
    let queue = CommandQueue(capacity: 32)
    let playlistPath: String?
    let uploadFolder: String
    let configPath: String?
    /// The folders a playlist saved from the page may name: the upload folder, the local
    /// folders and files' folders the show plays at start, and `--web-media-root`.
    let mediaRoots: [String]
    /// The sources and options of the show, for previews.
    private let sources: ShowSources
    private let decoding: DecodeOptions
    private let fontPath: String?
    /// The size previews are drawn at (as `vitrine snapshot` draws by default).
    static let previewSize = Size(width: 1280, height: 720)
    /// Show seconds after the moment that a preview shows: the first photo in full, past its fade-in.
    static let previewSettle: Seconds = 3

    init(setup: PlaySetup, configPath: String?) throws(UsageError) {
        sources = setup.sources
        decoding = setup.options.decoding
        fontPath = setup.options.common.overlay.font
        self.configPath = configPath.map { URL(fileURLWithPath: $0).standardized.path }
        var roots = setup.options.web.mediaRoots
        if sources.isPlaylistFile {
            let path = URL(fileURLWithPath: sources.sources[0]).standardized.path
            playlistPath = path
            let document = try? PlaylistLoading.load(path, log: Log("web"))
            let folder = document.flatMap { PlaylistContent(document: $0).folderItems.first?.folder.path }
            for playlist in document?.playlists ?? [] {
                for item in playlist.items {
                    switch item.source {
                    case .folder(let folder): roots.append(folder.path)
                    case .image(let file): roots.append((file as NSString).deletingLastPathComponent)
                    case .network: break
                    }
                }
            }
            guard let folder else {
                throw UsageError(
                    "the web page needs a folder in \(path) for the photos it uploads, for example "
                        + "{ \"folder\": \"photos\" }")
            }
            uploadFolder = folder
            mediaRoots = Self.unique([folder] + roots)
        } else {
            playlistPath = nil
            guard let folder = sources.sources.first(where: { PathKind.probe($0) == .directory }) else {
                throw UsageError("the web page needs a folder among the SOURCEs for the photos it uploads")
            }
            uploadFolder = URL(fileURLWithPath: folder).standardized.path
            mediaRoots = Self.unique([uploadFolder] + roots)
        }
    }

    private static func unique(_ folders: [String]) -> [String] {
        var seen: Set<String> = []
        return folders.map { URL(fileURLWithPath: $0).standardized.path }.filter { seen.insert($0).inserted }
    }

    /// Makes the first SOURCE's folder when it is missing and names no picture file (a fresh
    /// device's `/var/lib/vitrine/photos`), so the page has a folder to upload into.
    static func prepareUploadFolder(_ sources: ShowSources) {
        guard !sources.isPlaylistFile, let first = sources.sources.first, PathKind.probe(first) == .missing,
            !ImageFileNames.isImagePath(first)
        else { return }
        do {
            try FileManager.default.createDirectory(atPath: first, withIntermediateDirectories: true)
            Log("web").info("made \(first) for the photos uploaded from the page")
        } catch {
            Log("web").warning("cannot make \(first): \(error)")
        }
    }

    // MARK: What the loop publishes

    /// The loop's state: kept, and the page told when it changed more than its uptime.
    func publish(state: RemoteState) {
        let before = board.state
        board.set(state: state)
        if before.map({ !$0.sameExceptUptime(state) }) ?? true { changed() }
    }

    /// A picture of the screen at rest after a change (the one the remotes get).
    func publish(picture pixels: PixelBuffer) {
        picture.withLock { $0 = ($0.number + 1, pixels, [:]) }
        changed()
    }

    func onChange(_ action: @escaping @Sendable () -> Void) {
        listeners.withLock { $0.append(action) }
    }

    private func changed() {
        let actions = listeners.withLock { $0 }
        guard !actions.isEmpty else { return }
        changes.async { for action in actions { action() } }
    }

    /// Whether and why the display is dark, in the page's words.
    static func displayText(_ state: RemoteState) -> String {
        if state.displayLit { return state.displayAsked == .on ? "on (by you)" : "on" }
        return state.displayAsked == .off ? "off (by you)" : "off (by schedule)"
    }

    func liveJSON() -> String {
        let number = picture.withLock { $0.number }
        guard let state = board.state else {
            return JSONOutput.object([("count", .integer(0)), ("starting", .bool(true)), ("frame", .integer(number))])
                .rendered
        }
        let page: JSONOutput = .object([
            ("index", .optional(state.index)),
            ("count", .integer(state.count)),
            ("file", .optional(state.file)),
            ("caption", .optional(state.caption)),
            ("playlist", .optional(state.playlist)),
            ("mode", .string(state.mode)),
            ("paused", .bool(state.paused)),
            ("displayLit", .bool(state.displayLit)),
            ("displayAsked", .string(state.displayAsked.rawValue)),
            ("display", .string(Self.displayText(state))),
            ("notice", .optional(state.notice)),
            ("next", .optional(state.nextChange)),
            ("nextAt", .optional(state.nextChangeAt.map { Int($0.unixSeconds) })),
            ("upSince", .integer(Int(started.timeIntervalSince1970))),
            ("warnings", .array((state.errors + state.notices).suffix(10).map { .string($0) })),
            ("frame", .integer(number)),
        ])
        return page.rendered
    }

    func stateJSON() -> JSONOutput {
        guard let state = board.state else { return .object([("count", .integer(0)), ("starting", .bool(true))]) }
        let display = state.displayAsked == .auto ? "by schedule" : state.displayAsked.rawValue
        let page: JSONOutput = .object([
            ("index", .optional(state.index)),
            ("count", .integer(state.count)),
            ("source", .optional(state.file)),
            ("caption", .optional(state.caption)),
            ("playlist", .optional(state.playlist)),
            ("mode", .string(state.mode)),
            ("paused", .bool(state.paused)),
            ("display", .string("\(state.displayLit ? "lit" : "dark"), \(display)")),
            ("uptime", .integer(Int(state.uptime.isFinite ? max(0, state.uptime.value) : 0))),
            ("warnings", .array((state.errors + state.notices).suffix(10).map { .string($0) })),
            ("state", state.json),
        ])
        return page
    }

    func currentFrame() -> EncodedImage? { currentFrame(width: nil) }

    /// The picture at about `width` pixels wide (the next size down by a whole factor that is
    /// at least that wide), made once per picture and size.
    func currentFrame(width: Int?) -> EncodedImage? {
        let (number, pixels, encoded) = picture.withLock { $0 }
        guard let pixels, number > 0 else { return nil }
        let wanted = max(64, width ?? 480)
        let factor = max(1, pixels.width / wanted)
        if let made = encoded[factor] { return EncodedImage(bytes: Data(made), type: "image/jpeg", number: number) }
        let maximum = (pixels.width + factor - 1) / factor
        guard
            let jpeg = FrameJPEG.encode(
                argb: pixels.pixels, width: pixels.width, height: pixels.height, maximumWidth: maximum, quality: 85)
        else { return nil }
        picture.withLock { if $0.number == number { $0.encoded[factor] = jpeg } }
        return EncodedImage(bytes: Data(jpeg), type: "image/jpeg", number: number)
    }

    func send(_ command: ShowCommand) -> String? {
        let remote: RemoteCommand
        switch command {
        case .next: remote = .next
        case .previous: remote = .previous
        case .pause: remote = .pause
        case .resume: remote = .resume
        case .displayOn: remote = .display(.on)
        case .displayOff: remote = .display(.off)
        case .displayAuto: remote = .display(.auto)
        case .reload: remote = .reload
        }
        return queue.offer(RemoteRequest(remote, id: "web")) ? nil : "the show is busy; try again in a moment"
    }

    func hiddenPhotos() -> [String] {
        (try? sources.marks().load().get())?.hidden ?? []
    }

    func showAgain(_ path: String) -> String? {
        guard hiddenPhotos().contains(path) else { return "that photo is not hidden" }
        return queue.offer(RemoteRequest(.unhide(name: path), id: "web"))
            ? nil : "the show is busy; try again in a moment"
    }

    // MARK: Edits and previews

    func check(config text: String) -> [EditProblem] {
        // Checked as a file in the configuration's folder, so relative sources mean what they will.
        let folder = configPath.map { ($0 as NSString).deletingLastPathComponent } ?? NSTemporaryDirectory()
        let trial = "\(folder)/.vitrine-config-check-\(UUID().uuidString).json"
        guard FileManager.default.createFile(atPath: trial, contents: Data(text.utf8)) else {
            return [EditProblem(line: nil, column: nil, message: "cannot check: \(folder) is not writable")]
        }
        defer { try? FileManager.default.removeItem(atPath: trial) }
        let (_, problems) = CheckCommand.configProblems(trial)
        let shown = configPath ?? "config.json"
        return problems.map {
            EditProblem(line: nil, column: nil, message: $0.replacingOccurrences(of: trial, with: shown))
        }
    }

    func preview(at moment: Date) -> Data? {
        var playlist = sources.playlist
        playlist.clock = WallClockText.format(moment + (.zero - Self.previewSettle), in: .current)
        let shown = ShowSources(sources: sources.sources, common: sources.common, playlist: playlist)
        let size = Self.previewSize
        do {
            let first = try shown.feed(.still)
            let now = Date()
            let setup = shown.setup(first, now: now, touch: TouchOptions())
            var snapshot = Snapshot(size: size, decoder: decoding.isolatedDecoder(), fontPath: fontPath)
            snapshot.log = Log("web")
            var feed: PlaylistSession? = first
            let frame = try snapshot.render(at: .zero + Self.previewSettle) { failed in
                let fresh = feed ?? ((try? shown.feed(.still)) ?? first)
                feed = nil
                for path in failed { _ = fresh.markFailed(path) }
                return shown.director(fresh, setup: setup, output: size, now: now, positions: nil, input: [])
            }
            return try Self.png(frame.canvas)
        } catch {
            Log("web").warning("preview of \(WallClockText.format(moment, in: .current)) not drawn: \(error)")
            return nil
        }
    }

    func scheduleChart() -> Data? {
        guard let playlistPath, let document = try? PlaylistLoading.load(playlistPath, log: Log("web")) else {
            return nil
        }
        let schedule = document.schedule()
        let chart = ScheduleChart(schedule: schedule, playlists: document.playlists.map(\.name))
        let scene = chart.scene(from: schedule.clock.local(Date()).date, count: 7)
        do {
            let canvas = try OffscreenCanvas(width: Int(scene.size.width), height: Int(scene.size.height))
            canvas.draw(scene) { _ in nil }
            return try Self.png(canvas)
        } catch {
            Log("web").warning("schedule chart not drawn: \(error)")
            return nil
        }
    }

    func scheduleWeek() -> JSONOutput? {
        guard let playlistPath, let document = try? PlaylistLoading.load(playlistPath, log: Log("web")) else {
            return nil
        }
        let schedule = document.schedule()
        let names = document.playlists.map(\.name)
        let chart = ScheduleChart(schedule: schedule, playlists: names)
        let clock = schedule.clock
        let label = DateFormatter()
        label.locale = Locale(identifier: "en_GB")
        label.timeZone = schedule.timeZone
        label.dateFormat = "EEE d MMM"
        let hex = { (colour: RGBColor) in String(format: "#%02x%02x%02x", colour.r, colour.g, colour.b) }
        let days = chart.days(from: clock.local(Date()).date, count: 7).map { entry -> JSONOutput in
            let start = clock.instant(entry.day, .midnight)
            // A day of 23 or 25 hours (a clock change) is still drawn 24 hours wide.
            let length = max(1, clock.instant(entry.day.adding(days: 1), .midnight).timeIntervalSince(start))
            let hours = { (instant: Date) in (instant.timeIntervalSince(start) / length * 24 * 100).rounded() / 100 }
            let segments = entry.segments.map { segment -> JSONOutput in
                .object([
                    ("from", .number(hours(segment.start))), ("to", .number(hours(segment.end))),
                    ("playlist", .string(segment.state.playlist)), ("on", .bool(segment.state.displayOn)),
                ])
            }
            return .object([
                ("date", .string(entry.day.description)),
                ("label", .string(label.string(from: start.addingTimeInterval(length / 2)))),
                ("segments", .array(segments)),
            ])
        }
        let playlists = (names.isEmpty ? [schedule.defaultPlaylist] : names).map { name -> JSONOutput in
            .object([("name", .string(name)), ("colour", .string(hex(chart.color(of: name))))])
        }
        return .object([("playlists", .array(playlists)), ("days", .array(days))])
    }

    func scheduled(at moment: Date) -> (playlist: String, displayOn: Bool)? {
        guard let playlistPath, let document = try? PlaylistLoading.load(playlistPath, log: Log("web")) else {
            return nil
        }
        let state = document.schedule().state(at: moment)
        return (state.playlist, state.displayOn)
    }

    func canDecode(_ path: String) -> Bool { decodeProblem(path) == nil }

    func decodeProblem(_ path: String) -> String? {
        let request = DecodeRequest(
            path: path, output: Size(width: 320, height: 180), fit: .contain, background: .black)
        let decoder = decoding.isolatedDecoder()
        defer { decoder.shutdown() }
        do {
            _ = try decoder.decode(request)
            return nil
        } catch {
            return "cannot be shown: \(error.reason)"
        }
    }

    /// A square-ish thumbnail (the picture covers `side`×`side`) by the decode worker, as JPEG.
    func thumbnail(_ path: String, side: Int) -> Data? {
        let request = DecodeRequest(
            path: path, output: Size(width: Double(side), height: Double(side)), fit: .cover, background: .black)
        // One worker for thumbnails, started when first wanted; a page's thumbnails take turns.
        let image: DecodedImage? = thumbnailDecoder.withLock { decoder in
            let worker = decoder ?? decoding.isolatedDecoder()
            decoder = worker
            return try? worker.decode(request)
        }
        guard let image else { return nil }
        let pixels = image.pixels
        return FrameJPEG.encode(
            argb: pixels.pixels, width: pixels.width, height: pixels.height, maximumWidth: side, quality: 80
        ).map { Data($0) }
    }

    /// The caption the screen would draw for `template` on `photo`: the photo's details read by the
    /// decode worker as the show reads them, filled in by the show's caption overlay, with place
    /// names and the playlist's time zone.
    func caption(_ template: String, photo: String) -> String? {
        let request = DecodeRequest(
            path: photo, output: Size(width: 64, height: 64), fit: .contain, background: .black)
        let image: DecodedImage? = thumbnailDecoder.withLock { decoder in
            let worker = decoder ?? decoding.isolatedDecoder()
            decoder = worker
            return try? worker.decode(request)
        }
        var overlay = CaptionOverlay(kind: .playlist)
        overlay.places = CaptionTemplate(template).usesPlace ? PlaceNamesFile.shared : nil
        if let playlistPath, let document = try? PlaylistLoading.load(playlistPath, log: Log("web")) {
            overlay.zone = document.timeZone()
        }
        return overlay.text(
            for: Slide(path: photo, caption: template), metadata: image?.metadata,
            wallTime: Date())
    }

    /// The canvas as PNG bytes, through a private temporary file.
    private static func png(_ canvas: OffscreenCanvas) throws -> Data {
        let path = NSTemporaryDirectory() + "vitrine-web-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try canvas.savePNG(to: path)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }
}
