import Foundation
import Testing
import VitrineTestSupport

@testable import VitrineCore

/// A feed whose only source is a network one that has no photo yet: a test double of a
/// `PlaylistSession` whose mirror's state the test sets.
final class WaitingFeed: ContentFeed {
    var document = PlaylistDocument(file: "", playlists: [PlaylistSpec(name: "sources", items: [])])
    var content: PlaylistContent { PlaylistContent(document: document) }
    var isScanning = false
    var problem: StatusScreen? { nil }
    var fingerprintText: String { "" }
    var networkWait: (host: String, reason: String)?

    func start() {}
    func poll(now: Double) -> SessionUpdate { SessionUpdate() }
    func slides(for playlist: String) -> [Slide] { [] }
    func markFailed(_ path: String) -> Set<String> { [] }
    func prime(_ path: String) -> Bool { false }
}

@Suite struct NetworkWaitTests {
    @Test func anEmptyShowWaitingForItsServerSaysSoInsteadOfTheFolderText() {
        let feed = WaitingFeed()
        let reason = "could not connect to photos.example:8080 (server down or port closed)"
        feed.networkWait = ("photos.example:8080", reason)
        var run = DirectorDriver(
            ShowDirector(
                setup: DirectorSettings(waitForImages: true), environment: ShowEnvironment(feed: feed),
                output: Size(width: 320, height: 180), wallOrigin: 1_780_000_000),
            origin: 1_780_000_000)
        run.output = Size(width: 320, height: 180)
        let out = run.step(to: 0.5)
        #expect(run.engine.status == .waitingForNetwork(host: "photos.example:8080", reason: reason))
        let texts = out.scene.ops.compactMap { op -> String? in
            if case .text(let block, _, _) = op { return block.text }
            return nil
        }
        #expect(texts.contains("Waiting for photos from photos.example:8080: \(reason)"), "\(texts)")
        #expect(!texts.contains { $0.contains("copy JPEG") }, "\(texts)")
        // The server answers and nothing waits any more: the folder text of an empty show.
        feed.networkWait = nil
        _ = run.step(to: 1)
        #expect(run.engine.status == .noImages(folders: []))
    }
}
