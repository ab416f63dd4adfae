import Foundation
import Testing

@testable import VitrineCore

/// Commands from remotes go through the director: each changes the state remotes see.
@Suite struct DirectorCommandTests {
    private func show(_ paths: [String] = ["/a.jpg", "/b.jpg", "/c.jpg"]) -> DirectorDriver {
        var run = director(FakeFeed(paths))
        run.step(to: 1)
        return run
    }

    private func state(_ run: DirectorDriver) -> RemoteState { run.director.remoteState(version: "test") }

    @Test func navigationCommandsMoveTheShow() {
        var run = show()
        run.step(to: 2, commands: [.next])
        #expect(state(run).index == 1 && state(run).file == "b.jpg")
        run.step(to: 3, commands: [.goToFile(name: "c.jpg")])
        #expect(state(run).index == 2)
        run.step(to: 4, commands: [.previous])
        #expect(state(run).index == 1)
        run.step(to: 5, commands: [.first])
        #expect(state(run).index == 0)
        run.step(to: 6, commands: [.goTo(index: 2)])
        #expect(state(run).index == 2)
        // Out of range or unknown: the show stays, and says why.
        run.step(to: 7, commands: [.goTo(index: 9), .goToFile(name: "zz.jpg")])
        #expect(state(run).index == 2)
        #expect(state(run).notices.count == 2)
    }

    @Test func pauseResumeIntervalAndTransition() {
        var run = show()
        run.step(to: 2, commands: [.pause])
        #expect(state(run).paused)
        run.step(to: 20)
        #expect(state(run).index == 0, "paused: no slide change")
        run.step(to: 21, commands: [.resume, .setInterval(seconds: 30), .setTransition(.slide)])
        #expect(!state(run).paused && state(run).interval == 30 && state(run).transition == "slide")
    }

    @Test func theDisplayAsAskedUntilAuto() {
        var run = show()
        run.step(to: 2, commands: [.display(.off)])
        #expect(state(run).displayAsked == .off && !state(run).displayLit)
        #expect(run.engine.show.isPaused)
        run.step(to: 3, commands: [.display(.auto)])
        #expect(state(run).displayAsked == .auto && state(run).displayLit)
        #expect(!run.engine.show.isPaused)
    }

    @Test func pausedIsTheUsersPauseNeverTheDisplays() {
        var run = show()
        run.step(to: 2, commands: [.display(.off)])
        #expect(run.engine.show.isPaused, "the show stops while the display is off")
        #expect(!state(run).paused, "but nobody paused it")
        #expect(state(run).displayScheduled && state(run).displayAsked == .off)
        // Paused by the user while dark: still paused when the display comes back.
        run.step(to: 3, commands: [.pause])
        #expect(state(run).paused)
        run.step(to: 4, commands: [.display(.auto)])
        #expect(state(run).displayLit && state(run).paused && run.engine.show.isPaused)
        run.step(to: 5, commands: [.resume])
        #expect(!state(run).paused && !run.engine.show.isPaused)
    }

    @Test func aNoticeTakesTheSetDurationAndAnEmptyOneClearsIt() {
        var run = show()
        run.step(to: 2, commands: [.setNoticeDuration(seconds: 60), .notice(text: "Lunch", seconds: nil)])
        #expect(state(run).notice == "Lunch" && state(run).noticeSeconds == 60)
        run.step(to: 40)
        #expect(state(run).notice == "Lunch", "60 s, not the 30 s default")
        run.step(to: 41, commands: [.notice(text: "", seconds: nil)])
        #expect(state(run).notice == nil)
        run.step(to: 42, commands: [.notice(text: "Back", seconds: nil)])
        run.step(to: 101)
        #expect(state(run).notice == nil)
    }

    @Test func aNoticeForSomeSeconds() {
        var run = show()
        run.step(to: 2, commands: [.notice(text: "Back at 3", seconds: 5)])
        #expect(state(run).notice == "Back at 3")
        run.step(to: 8)
        #expect(state(run).notice == nil)
    }

    @Test func aNamedPlaylistPlaysUntilAuto() {
        let feed = FakeFeed(["/a.jpg", "/b.jpg"], playlist: "day")
        feed.document.playlists.append(PlaylistSpec(name: "sale", items: []))
        feed.document.file = "/p.json"
        feed.slides["sale"] = [Slide(path: "/s1.jpg"), Slide(path: "/s2.jpg")]
        var run = director(feed)
        run.step(to: 1)
        run.step(to: 2, commands: [.playPlaylist(.named("sale"))])
        #expect(state(run).playlist == "sale" && state(run).playlistAsked == "sale" && state(run).file == "s1.jpg")
        run.step(to: 3, commands: [.playPlaylist(.named("nope"))])
        #expect(state(run).playlist == "sale")
        run.step(to: 4, commands: [.playPlaylist(.auto)])
        #expect(state(run).playlist == "day" && state(run).playlistAsked == "auto" && state(run).file == "a.jpg")
        #expect(state(run).playlists == ["day", "sale"])
    }

    @Test func reloadIsAskedOfTheHost() {
        var run = show()
        #expect(run.step(to: 1.05, commands: [.reload]).requests.contains(.reload))
    }
}
