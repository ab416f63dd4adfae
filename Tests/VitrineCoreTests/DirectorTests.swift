import Foundation
import Testing

@testable import VitrineCore

/// A content feed held in memory: the test says what it holds and what changed. A test double
/// of `PlaylistSession`, which lists and watches real folders.
final class FakeFeed: ContentFeed {
    var document: PlaylistDocument
    var content: PlaylistContent { PlaylistContent(document: document) }
    var isScanning = false
    var problem: StatusScreen?
    var fingerprintText: String { "" }
    var slides: [String: [Slide]]
    var update = SessionUpdate()
    private(set) var failed: [String] = []
    /// How many times the director looked at what changed.
    private(set) var polls = 0

    init(_ slides: [String], playlist: String = "sources", display: DisplaySpec = DisplaySpec()) {
        document = PlaylistDocument(
            file: "", timeZoneName: "UTC", playlists: [PlaylistSpec(name: playlist, items: [])], display: display)
        self.slides = [playlist: slides.map { Slide(path: $0) }]
    }

    /// The feed now holds `paths`, and says so at the next poll.
    func change(to paths: [String], playlist: String = "sources") {
        slides[playlist] = paths.map { Slide(path: $0) }
        update.playlists.insert(playlist)
    }

    func start() {}
    func poll(now: MonotonicInstant) -> SessionUpdate {
        polls += 1
        defer { update = SessionUpdate() }
        return update
    }
    func slides(for playlist: String) -> [Slide] { slides[playlist] ?? [] }
    func markFailed(_ path: String) -> Set<String> {
        failed.append(path)
        for key in slides.keys { slides[key]?.removeAll { $0.path == path } }
        return []
    }
    func prime(_ path: String) -> Bool { false }
    var successors: [String: String] = [:]
    func successor(of path: String) -> String? { successors[path] }
}

let origin = 1_780_000_000.0

func director(_ feed: FakeFeed, setup: DirectorSettings = DirectorSettings(), at wallOrigin: Double = origin)
    -> DirectorDriver
{
    DirectorDriver(
        ShowDirector(
            setup: setup, environment: ShowEnvironment(feed: feed), output: Size(width: 100, height: 100),
            wallOrigin: Date(unixSeconds: wallOrigin)),
        origin: wallOrigin)
}

@Suite struct DirectorTests {
    @Test func aFolderThatGoesTakesOnlyItsOwnPhotos() {
        let feed = FakeFeed(["/A/1.jpg", "/A/2.jpg", "/B/1.jpg"])
        var run = director(feed, setup: DirectorSettings(waitForImages: false))
        run.step(to: 1)
        #expect(run.engine.show.count == 3)
        feed.change(to: ["/A/1.jpg", "/A/2.jpg"])
        let out = run.step(to: 2)
        #expect(run.engine.show.count == 2)
        #expect(out.exitCode == nil, "the show goes on with A's photos")
        #expect(run.engine.status == nil)
        // Everything gone: "No images yet", not an exit, when nothing failed to decode.
        feed.change(to: [])
        let empty = run.step(to: 3)
        #expect(empty.exitCode == nil)
        #expect(run.engine.status == .noImages(folders: []))
    }

    @Test func aShowWhosePhotosAllFailEndsWithOneUnlessItWaits() {
        let feed = FakeFeed(["/x.jpg"])
        var run = director(feed, setup: DirectorSettings(waitForImages: false))
        run.images = LoadedImages()
        let out = run.step(to: 0.1, failed: [(path: "/x.jpg", reason: "/x.jpg: broken")])
        #expect(feed.failed == ["/x.jpg"])
        #expect(out.exitCode == 1)
        var waiting = director(FakeFeed(["/x.jpg"]), setup: DirectorSettings(waitForImages: true))
        waiting.images = LoadedImages()
        #expect(waiting.step(to: 0.1, failed: [(path: "/x.jpg", reason: "broken")]).exitCode == nil)
    }

    @Test func quitAfterEndsAShowThatNeverLeftItsStatusScreen() {
        let feed = FakeFeed([])
        var run = director(feed, setup: DirectorSettings(quitAfter: 1))
        #expect(run.step(to: 0.5).exitCode == nil)
        #expect(run.engine.status != nil)
        #expect(run.step(to: 1.05).exitCode == 0)
    }

    @Test func theScreenShowsTheErrorThePlaylistHasNow() {
        let feed = FakeFeed([])
        feed.problem = .playlistError(file: "/p.json", line: 3, message: "first")
        var run = director(feed)
        run.step(to: 0.1)
        #expect(run.engine.status == .playlistError(file: "/p.json", line: 3, message: "first"))
        feed.problem = .playlistError(file: "/p.json", line: 7, message: "second")
        feed.update.rejected = ["/p.json:7:1: error: second"]
        run.step(to: 0.2)
        #expect(run.engine.status == .playlistError(file: "/p.json", line: 7, message: "second"))
        // Fixed: the show starts.
        feed.problem = nil
        feed.change(to: ["/a.jpg"])
        run.step(to: 0.3)
        #expect(run.engine.status == nil && run.engine.show.count == 1)
    }

    /// The frame loop and the snapshot both keep a user's pause over a display-off window.
    @Test func aUserPauseOutlivesAnOffWindowInPlayAndInSnapshots() {
        var display = DisplaySpec()
        display.off = [TimeWindow(from: TimeOfDay("23:00") ?? .midnight, to: TimeOfDay("23:01") ?? .midnight)]
        let start = (WallClockText.parse("2026-06-01T22:59:50Z", defaultZone: .gmt) ?? .distantPast)
            .timeIntervalSince1970
        let pause = InputEvent(time: ShowTime(seconds: 1), kind: .key(.space))
        var play = director(FakeFeed(["/a.jpg", "/b.jpg"], display: display), at: start)
        play.step(to: 2, events: [pause])
        play.step(to: 80)
        #expect(play.director.displayOn && play.engine.show.isPaused)

        var snapshot = ShowDirector(
            setup: DirectorSettings(),
            environment: ShowEnvironment(feed: FakeFeed(["/a.jpg", "/b.jpg"], display: display)),
            output: Size(width: 100, height: 100), wallOrigin: Date(unixSeconds: start), input: [pause])
        _ = snapshot.run(to: ShowTime(seconds: 80), images: LoadedImages(allReady: true))
        #expect(snapshot.displayOn && snapshot.engine.show.isPaused)
    }

    @Test func aReloadKeepsTheClockTheInputTraceAndTheSlideShowing() {
        let feed = FakeFeed(["/a.jpg", "/b.jpg", "/c.jpg"])
        let later = InputEvent(time: ShowTime(seconds: 20), kind: .key(.right))
        var run = DirectorDriver(
            ShowDirector(
                setup: DirectorSettings(), environment: ShowEnvironment(feed: feed),
                output: Size(width: 100, height: 100),
                wallOrigin: Date(unixSeconds: origin), input: [later]),
            origin: origin)
        run.step(to: 9)
        #expect(run.current == "b.jpg")
        var fresh = DirectorSettings()
        fresh.show.interval = 30
        let next = FakeFeed(["/b.jpg", "/c.jpg", "/d.jpg"])
        run.step(to: 10, control: .reload(fresh, next))
        #expect(run.engine.show.count == 3)
        #expect(run.current == "b.jpg", "the slide showing stays")
        #expect(run.engine.time.seconds >= 9.9, "the clock goes on")
        // The trace's key at t = 20 still comes: one slide on.
        run.step(to: 21)
        #expect(run.current == "c.jpg")
        #expect(run.engine.show.options.interval == 30)
    }

    @Test func aPressWakesADarkDisplayAndDoesNothingElse() {
        var display = DisplaySpec()
        display.off = [TimeWindow(from: TimeOfDay("00:00") ?? .midnight, to: TimeOfDay("23:59") ?? .midnight)]
        var run = director(FakeFeed(["/a.jpg", "/b.jpg"], display: display))
        let off = run.step(to: 1)
        #expect(!run.director.displayOn)
        #expect(off.decodes == DecodePlan(), "nothing is decoded or kept while off")
        let on = run.step(to: 1.1, events: [InputEvent(time: ShowTime(seconds: 1), kind: .key(.right))])
        #expect(run.director.displayOn)
        #expect(run.current == "a.jpg", "the waking key did not page")
        #expect(on.decodes.keep.contains("/a.jpg"))
    }

    /// A preview replaced by its full photo: the preview's image stays on the screen, in the
    /// same place, until the full one is loaded; then the full one is drawn.
    @Test func aReplacedFileKeepsItsImageOnTheScreenUntilTheNewOneIsLoaded() {
        let feed = FakeFeed(["/p.preview.jpg", "/b.jpg"])
        var run = director(feed)
        let preview = LoadedImage(sourceSize: Size(width: 4, height: 3), decodedFor: Size(width: 100, height: 100))
        run.images = LoadedImages(["/p.preview.jpg": preview, "/b.jpg": preview])
        run.step(to: 1)
        feed.successors["/p.preview.jpg"] = "/p.jpg"
        feed.change(to: ["/p.jpg", "/b.jpg"])
        let swapping = run.step(to: 1.05)
        #expect(run.current == "p.jpg", "the same slide, now the full photo")
        #expect(swapping.path(0) == "/p.preview.jpg", "the preview's image is drawn meanwhile")
        #expect(swapping.decodes.keep.contains("/p.preview.jpg"))
        #expect(swapping.decodes.wants.map(\.path).contains("/p.jpg"))
        run.images.images["/p.jpg"] = preview
        let swapped = run.step(to: 1.1)
        #expect(swapped.path(0) == "/p.jpg")
        #expect(!swapped.decodes.keep.contains("/p.preview.jpg"))
        #expect(swapped.scene == swapping.scene, "no jump: the same picture, laid out the same")
    }
}
