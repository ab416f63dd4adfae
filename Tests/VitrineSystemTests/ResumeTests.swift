import Foundation
import Testing
import VitrineSystem
import VitrineTestSupport

@testable import VitrineCore

/// A playlist of three images in a temporary folder, played by a `LiveShow`
/// that keeps its position in a state file there.
private final class ResumeFixture {
    let tree: TemporaryFolder
    var stateFile: String { tree.at("state/position.json") }

    init(name: String = #function) throws {
        tree = try TemporaryFolder(name)
        for file in ["photos/a.jpg", "photos/b.jpg", "photos/c.jpg"] { try tree.write(file) }
        try tree.write(
            "frame.json",
            "{ \"version\": 1, \"defaults\": { \"interval\": 10, \"transitionDuration\": 1 }, \"items\": [ { \"folder\": \"photos\" } ] }"
        )
    }

    /// A fresh start of the program: a new session, programme and live show (in step with the
    /// wall clock when `synced`).
    func start(synced: Bool = false) throws -> DirectorDriver {
        let document = try #require(PlaylistDecoder.load(tree.at("frame.json")).document)
        let session = PlaylistSession(document: document, background: false) { PlaylistContent(document: $0) }
        var setup = DirectorSettings(origin: document.file)
        setup.sync = synced
        var run = DirectorDriver(
            ShowDirector(
                setup: setup, environment: ShowEnvironment(feed: session, positions: ResumeStore(path: stateFile)),
                output: Size(width: 100, height: 100), wallOrigin: 1_780_000_000),
            origin: 1_780_000_000)
        run.step(to: 0)
        return run
    }
}

@Suite struct ResumeTests {
    @Test func theStoreWritesAtomicallyAndReadsBack() throws {
        let tree = try TemporaryFolder()
        let store = ResumeStore(path: tree.at("deep/er/position.json"))
        #expect(store.load() == .none)
        let position = ResumePosition(
            origin: "/p.json", fingerprint: "ab", playlist: "main", path: "/x.jpg", index: 3, seed: 9)
        try store.save(position)
        #expect(store.load() == .position(position))
        // The image is kept under the key files written before have.
        #expect(try String(contentsOfFile: tree.at("deep/er/position.json"), encoding: .utf8).contains("\"source\""))
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.at("deep/er")) == ["position.json"])
        try tree.write("deep/er/position.json", "{ not json")
        guard case .unusable(let why) = store.load() else {
            Issue.record("a corrupt file was read")
            return
        }
        #expect(why.contains("not valid JSON"))
        try tree.write("deep/er/position.json", "{\"origin\": \"/p.json\"}")
        guard case .unusable(let missing) = store.load() else {
            Issue.record("an incomplete file was read")
            return
        }
        #expect(missing.contains("missing"))
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(ResumeStore.defaultPath(environment: ["XDG_STATE_HOME": "/s"]) == "/s/vitrine/position.json")
        let fallback = ResumeStore.defaultPath(environment: ["HOME": "/home/pi"])
        #expect(
            fallback == "/var/lib/vitrine/position.json" || fallback == "/home/pi/.local/state/vitrine/position.json")
    }

    @Test func aRestartCarriesOnWhereTheShowWas() throws {
        let f = try ResumeFixture()
        var run = try f.start()
        #expect(run.current == "a.jpg")
        run.step(to: 12, control: .stop)
        #expect(run.current == "b.jpg")

        var again = try f.start()
        #expect(again.current == "b.jpg")
        #expect(again.director.notices.isEmpty)
        // It goes on from there.
        again.step(to: 10.5)
        #expect(again.current == "c.jpg")
    }

    @Test func anEditedPlaylistStartsFromTheFirstSlide() throws {
        let f = try ResumeFixture()
        var run = try f.start()
        run.step(to: 12, control: .stop)
        try f.tree.write(
            "frame.json",
            "{ \"version\": 1, \"defaults\": { \"interval\": 9 }, \"items\": [ { \"folder\": \"photos\" } ] }")
        let restarted = try f.start()
        #expect(restarted.current == "a.jpg")
    }

    @Test func aCorruptOrStalePositionIsIgnoredWithAWarning() throws {
        let f = try ResumeFixture()
        try f.tree.write("state/position.json", "garbage")
        let corrupt = try f.start()
        #expect(corrupt.current == "a.jpg")
        #expect(corrupt.director.notices.count == 1)
        #expect(corrupt.director.notices.first?.contains("not a resume position") == true)

        // A position pointing at a file that was deleted since.
        var run = try f.start()
        run.step(to: 12, control: .stop)
        #expect(run.current == "b.jpg")
        try f.tree.remove("photos/b.jpg")
        let stale = try f.start()
        #expect(stale.current == "a.jpg")
        #expect(stale.director.notices.first?.contains("which is missing") == true)
    }

    @Test func aShowInStepFollowsTheWallClockNotTheSavedPosition() throws {
        let f = try ResumeFixture()
        let timeline = try f.start(synced: true).current
        var run = try f.start()
        // Saved on a slide other than the timeline's.
        run.step(to: 11)
        run.step(to: run.current == timeline ? 23 : 12, control: .stop)
        #expect(run.current != timeline)
        #expect(FileManager.default.fileExists(atPath: f.stateFile))
        // Whatever the saved position says, a show in step lands where the others are, quietly.
        let again = try f.start(synced: true)
        #expect(again.current == timeline)
        #expect(again.director.notices.isEmpty)
    }
}
