import Foundation
import Testing
import VitrineSystem
import VitrineTestSupport

@testable import VitrineCore

/// Hidden and favourite photos kept in `marks.json` beside the resume position, across restarts.
@Suite struct MarksStoreTests {
    /// A fresh start of the program on a folder of three photos, with its marks file.
    func start(_ tree: TemporaryFolder) throws -> DirectorDriver {
        let document = try #require(PlaylistDecoder.load(tree.at("frame.json")).document)
        let session = PlaylistSession(document: document, background: false) { PlaylistContent(document: $0) }
        var run = DirectorDriver(
            ShowDirector(
                setup: DirectorSettings(origin: document.file),
                environment: ShowEnvironment(
                    feed: session, marks: MarksStore(besidePosition: tree.at("state/position.json"))),
                output: Size(width: 100, height: 100), wallOrigin: Date(unixSeconds: 1_780_000_000)),
            origin: 1_780_000_000)
        run.step(to: 0)
        return run
    }

    func folder() throws -> TemporaryFolder {
        let tree = try TemporaryFolder()
        for file in ["photos/a.jpg", "photos/b.jpg", "photos/c.jpg"] { try tree.write(file) }
        try tree.write("frame.json", "{ \"version\": 1, \"items\": [ { \"folder\": \"photos\" } ] }")
        return tree
    }

    @Test func aHiddenPhotoStaysHiddenAfterARestartUntilItIsShownAgain() throws {
        let tree = try folder()
        var run = try start(tree)
        #expect(run.engine.show.count == 3)
        // One frame (0.1 s) carries the commands and tells the host what changed.
        let out = run.step(to: 0.1, commands: [.hide(name: "b.jpg"), .favourite(name: "c.jpg", on: true)])
        #expect(out.markEvents == [.hidden(tree.at("photos/b.jpg")), .favourite(tree.at("photos/c.jpg"), true)])
        #expect(run.engine.show.slides.map(\.path) == [tree.at("photos/a.jpg"), tree.at("photos/c.jpg")])
        let text = try String(contentsOfFile: tree.at("state/marks.json"), encoding: .utf8)
        #expect(text.contains("b.jpg") && text.contains("c.jpg"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.at("state")) == ["marks.json"])

        var again = try start(tree)
        #expect(again.engine.show.slides.map(\.path) == [tree.at("photos/a.jpg"), tree.at("photos/c.jpg")])
        #expect(again.engine.marks.isFavourite(tree.at("photos/c.jpg")))
        // Unknown names are refused in a sentence; the show goes on.
        again.step(to: 1, commands: [.unhide(name: "zz.jpg")])
        #expect(again.director.notices.last?.contains("no hidden photo of that name") == true)
        again.step(to: 2, commands: [.unhide(name: "b.jpg")])
        #expect(again.engine.show.count == 3)
        #expect(try start(tree).engine.show.count == 3)
    }

    @Test func aBrokenMarksFileIsSaidAndHidesNothing() throws {
        let tree = try folder()
        try tree.write("state/marks.json", "{ \"hidden\": [ 1, 2 ] }")
        let run = try start(tree)
        #expect(run.engine.show.count == 3)
        #expect(run.director.notices.contains { $0.contains("marks.json") && $0.contains("hidden holds a number") })
    }
}
