import Foundation
import Testing
import VitrineSystem
import VitrineTestSupport

@testable import VitrineCore

/// Short on-screen notices: a rejected playlist edit says so over the show.
@Suite struct NoticeTests {
    @Test func noticeShowsForItsDurationThenGoes() {
        var engine = ShowEngine(
            slides: [Slide(path: "a")], options: ShowStyle(), output: Size(width: 100, height: 50))
        engine.notice = Notice("Playlist edit not used", since: ShowTime(seconds: 2), duration: Seconds(20))
        func texts(at t: Double) -> [String] {
            engine.scene(at: ShowTime(seconds: t)) { _ in Size(width: 2, height: 1) }.ops.compactMap {
                if case .text(let block, _, _) = $0 { return block.text }
                return nil
            }
        }
        #expect(texts(at: 1).isEmpty)
        #expect(texts(at: 5) == ["Playlist edit not used"])
        #expect(texts(at: 22.5).isEmpty)
        engine.status = .noImages(folders: ["/srv"])
        #expect(texts(at: 5).contains("Playlist edit not used"), "over a status screen too")
    }

    @Test func aRejectedPlaylistEditPutsUpANotice() throws {
        let tree = try TemporaryFolder()
        try tree.write("photos/a.jpg")
        try tree.write("frame.json", "{ \"version\": 1, \"items\": [ { \"folder\": \"photos\" } ] }")
        let document = try #require(PlaylistDecoder.load(tree.at("frame.json")).document)
        let session = PlaylistSession(document: document, settle: 1, background: false) {
            PlaylistContent(document: $0)
        }
        var run = DirectorDriver(
            ShowDirector(
                setup: DirectorSettings(), environment: ShowEnvironment(feed: session),
                output: Size(width: 100, height: 50),
                wallOrigin: Date(unixSeconds: 1_780_000_000)),
            origin: 1_780_000_000)
        run.step(to: 0)
        #expect(run.engine.notice == nil)
        try tree.write("frame.json", "{ \"version\": 1, \"items\": [ { \"folder\": \"photos\" }, ]")
        if let watcher = session.watcher { _ = watcher.wait(timeout: 2) }
        run.step(to: 1)
        run.step(to: 2.1)
        let notice = try #require(run.engine.notice)
        #expect(notice.text.contains("trailing comma"))
        #expect(notice.text.hasPrefix("Playlist edit not used"))
        #expect(run.engine.show.count == 1, "the old playlist plays on")
    }
}
