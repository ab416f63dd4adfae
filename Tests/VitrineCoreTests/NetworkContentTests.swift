import Foundation
import Testing
import VitrineTestSupport

@testable import VitrineCore

/// A feed that is downloading the photo the show waits for: a test double of a `PlaylistSession`
/// with network items, whose `download` the test sets (the hook that holds the download).
final class DownloadingFeed: ContentFeed {
    var document = PlaylistDocument(file: "", playlists: [PlaylistSpec(name: "sources", items: [])])
    var content: PlaylistContent { PlaylistContent(document: document) }
    var isScanning = true
    var problem: StatusScreen? { nil }
    var fingerprintText: String { "" }
    var slides: [Slide] = []
    var download: Double?
    var update = SessionUpdate()
    private(set) var shown: [String] = []

    func start() {}
    func poll(now: Double) -> SessionUpdate {
        defer { update = SessionUpdate() }
        return update
    }
    func slides(for playlist: String) -> [Slide] { slides }
    func markFailed(_ path: String) -> Set<String> { [] }
    func prime(_ path: String) -> Bool { false }
    func showing(_ path: String) { shown.append(path) }
}

@Suite struct NetworkContentTests {
    private func ring(_ ops: [DrawOp]) -> [(start: Double, sweep: Double, alpha: Double)] {
        ops.compactMap { op in
            if case .arc(_, _, _, let start, let sweep, _, let alpha) = op { return (start, sweep, alpha) }
            return nil
        }
    }

    @Test func theLoadingRingFillsWithTheBytesReceived() {
        let feed = DownloadingFeed()
        var run = DirectorDriver(
            ShowDirector(
                setup: DirectorSettings(), environment: ShowEnvironment(feed: feed),
                output: Size(width: 320, height: 180),
                wallOrigin: 1_780_000_000),
            origin: 1_780_000_000)
        run.output = Size(width: 320, height: 180)
        var fills: [Double] = []
        for share in [0.0, 0.4, 1.0] {
            feed.download = share
            let out = run.step(to: run.time + 0.2)
            let arcs = ring(out.scene.ops)
            // The track, and the share received drawn over it (none at 0 %).
            #expect(arcs.first?.sweep == 2 * Double.pi)
            #expect(arcs.count == (share == 0 ? 1 : 2))
            fills.append(arcs.count == 2 ? arcs[1].sweep / (2 * Double.pi) : 0)
            if arcs.count == 2 { #expect(arcs[1].start == 0) }
        }
        #expect(fills.map { ($0 * 100).rounded() } == [0, 40, 100])
        // Nothing awaited: no ring on the screen.
        feed.download = nil
        #expect(ring(run.step(to: run.time + 0.2).scene.ops).isEmpty)
    }

    @Test func theFeedHearsWhichPhotoShowsAndNoticesReachTheScreen() {
        let feed = DownloadingFeed()
        feed.isScanning = false
        feed.slides = [Slide(path: "/cache/a.jpg"), Slide(path: "/cache/b.jpg")]
        var run = DirectorDriver(
            ShowDirector(
                setup: DirectorSettings(), environment: ShowEnvironment(feed: feed),
                output: Size(width: 100, height: 100),
                wallOrigin: 1_780_000_000),
            origin: 1_780_000_000)
        run.step(to: 1)
        #expect(feed.shown == ["/cache/a.jpg"])
        feed.update.notices = ["Photo not fetched: c.jpg: HTTP 404 Not Found"]
        run.step(to: 9)
        #expect(feed.shown == ["/cache/a.jpg", "/cache/b.jpg"])
        #expect(run.engine.notice?.text == "Photo not fetched: c.jpg: HTTP 404 Not Found")
        #expect(run.engine.download == nil)
    }

    @Test func networkItemsDecodeWithTheirFolderSemantics() {
        let text = """
            {"version": 1, "items": [
              {"feed": "https://example.org/photos.json", "order": "shuffle", "exclude": "*.gif"},
              {"webdav": "https://cloud.example.org/dav/Photos", "user": "ann", "passwordFile": "/etc/pw",
               "recursive": true},
              {"immich": {"server": "https://immich.example.org", "apiKeyFile": "/etc/key", "album": "Summer"}},
              {"url": "https://example.org/a.jpg", "caption": "A"}
            ]}
            """
        let outcome = PlaylistDecoder.decode(text, file: "/p/list.json", probe: { _ in .missing })
        #expect(outcome.diagnostics.errors.isEmpty)
        let items = outcome.document?.playlists.first?.items ?? []
        #expect(items.count == 4)
        guard case .network(let feed) = items.first?.source else {
            Issue.record("not a network item")
            return
        }
        #expect(feed.order == .shuffle)
        #expect(!feed.accepts("x.gif") && feed.accepts("x.jpg"))
        #expect(outcome.document?.networkSources.count == 4)
        #expect(items[3].caption == "A")
    }

    @Test func badNetworkItemsAreRefusedAtTheirPlace() {
        let text = """
            {"version": 1, "items": [
              {"url": "file:///etc/passwd"},
              {"feed": "ftp://example.org/list"},
              {"immich": {"server": "https://immich.example.org", "album": "A"}},
              {"webdav": "https://h/dav", "user": "ann"},
              {"url": "https://h/a.jpg", "feed": "https://h/f.json"}
            ]}
            """
        let outcome = PlaylistDecoder.decode(text, file: "/p/list.json", probe: { _ in .missing })
        #expect(outcome.document == nil)
        let lines = outcome.diagnostics.errors.map { $0.formatted(file: "list.json") }
        #expect(lines.contains { $0.hasPrefix("list.json:2:") && $0.contains("must be an http:// or https://") })
        #expect(lines.contains { $0.hasPrefix("list.json:3:") && $0.contains("items[1].feed") })
        #expect(lines.contains { $0.contains("items[2].immich.apiKeyFile: is missing") })
        #expect(lines.contains { $0.contains("items[3].passwordFile: is missing") })
        #expect(lines.contains { $0.contains("an item is one source") })
    }

    @Test func networkPhotosPlayInTheItemsOrder() throws {
        var item = NetworkItem(source: .feed(FeedSource(url: "https://h/f.json")))
        item.exclude = [try Glob("*.gif")]
        let document = PlaylistDocument(
            file: "", playlists: [PlaylistSpec(name: "p", items: [PlaylistItem(source: .network(item))])])
        var content = PlaylistContent(document: document)
        let photos = ["b.jpg", "a.jpg", "c.gif"].map {
            NetworkPhoto(path: "/cache/\($0)", name: $0, id: "https://h/\($0)", caption: "of \($0)")
        }
        let changed = content.setNetwork(photos, for: ItemKey(playlist: 0, item: 0))
        #expect(changed)
        #expect(content.slides(for: "p").map(\.path) == ["/cache/b.jpg", "/cache/a.jpg"])
        #expect(content.slides(for: "p").first?.caption == "of b.jpg")
        let again = content.setNetwork(photos, for: ItemKey(playlist: 0, item: 0))
        #expect(!again)
        #expect(content.playlists(showing: "/cache/a.jpg") == ["p"])
    }
}
