import Foundation
import Testing

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

    /// A fresh start of the program: a new session, programme and live show.
    func start() throws -> (LiveShow, ShowEngine) {
        let document = try #require(PlaylistDecoder.load(tree.at("frame.json")).document)
        let session = PlaylistSession(document: document, background: false) { PlaylistContent(document: $0) }
        let origin = Date(timeIntervalSince1970: 1_780_000_000)
        let programme = Programme(schedule: document.schedule(fallbackZone: .gmt), wallOrigin: origin)
        let live = LiveShow(
            session: session, programme: programme, resume: ResumeStore(path: stateFile), origin: document.file
        ) { document, name in document.playlist(named: name)?.options(base: ShowOptions()) ?? ShowOptions() }
        var engine = live.makeEngine(output: Size(width: 100, height: 100))
        live.update(&engine, now: 0, wall: origin)
        return (live, engine)
    }

    func name(_ engine: ShowEngine) -> String? {
        engine.currentSource.map { ($0 as NSString).lastPathComponent }
    }
}

@Suite struct ResumeTests {
    @Test func theStoreWritesAtomicallyAndReadsBack() throws {
        let tree = try TemporaryFolder()
        let store = ResumeStore(path: tree.at("deep/er/position.json"))
        #expect(store.load() == .none)
        let position = ResumePosition(
            origin: "/p.json", fingerprint: "ab", playlist: "main", source: "/x.jpg", index: 3, seed: 9)
        try store.save(position)
        #expect(store.load() == .position(position))
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
        var (live, engine) = try f.start()
        #expect(f.name(engine) == "a.jpg")
        _ = engine.run(to: 12) { _ in true }
        live.update(&engine, now: 1, wall: Date())
        #expect(f.name(engine) == "b.jpg")
        live.finish(engine)

        let (again, resumed) = try f.start()
        #expect(f.name(resumed) == "b.jpg")
        #expect(again.notices.isEmpty)
        // It goes on from there.
        var next = resumed
        _ = next.run(to: 10.5) { _ in true }
        #expect(f.name(next) == "c.jpg")
    }

    @Test func anEditedPlaylistStartsFromTheFirstSlide() throws {
        let f = try ResumeFixture()
        var (live, engine) = try f.start()
        _ = engine.run(to: 12) { _ in true }
        live.finish(engine)
        try f.tree.write(
            "frame.json",
            "{ \"version\": 1, \"defaults\": { \"interval\": 9 }, \"items\": [ { \"folder\": \"photos\" } ] }")
        let (_, restarted) = try f.start()
        #expect(f.name(restarted) == "a.jpg")
    }

    @Test func aCorruptOrStalePositionIsIgnoredWithAWarning() throws {
        let f = try ResumeFixture()
        try f.tree.write("state/position.json", "garbage")
        let (corrupt, first) = try f.start()
        #expect(f.name(first) == "a.jpg")
        #expect(corrupt.notices.count == 1)
        #expect(corrupt.notices.first?.contains("not a resume position") == true)

        // A position pointing at a file that was deleted since.
        var (live, engine) = try f.start()
        _ = engine.run(to: 12) { _ in true }
        live.finish(engine)
        #expect(f.name(engine) == "b.jpg")
        try f.tree.remove("photos/b.jpg")
        let (stale, restarted) = try f.start()
        #expect(f.name(restarted) == "a.jpg")
        #expect(stale.notices.first?.contains("which is missing") == true)
    }
}
