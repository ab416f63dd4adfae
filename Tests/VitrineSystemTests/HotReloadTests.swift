import Foundation
import Testing
import VitrineSystem
import VitrineTestSupport

@testable import VitrineCore

/// A playlist file and its folder in a temporary folder, with a session that
/// scans at once and is stepped with injected times. Waiting on the inotify
/// descriptor (poll with a timeout) is the only real waiting.
private final class Fixture {
    let tree: TemporaryFolder
    let session: PlaylistSession

    init(_ playlist: String, files: [String], name: String = #function) throws {
        tree = try TemporaryFolder(name)
        for file in files { try tree.write(file) }
        try tree.write("frame.json", playlist)
        let outcome = PlaylistDecoder.load(tree.at("frame.json"))
        let document = try #require(outcome.document)
        session = PlaylistSession(document: document, settle: 1, background: false) { PlaylistContent(document: $0) }
        session.start()
        _ = session.poll(now: 0)
    }

    /// The names (relative to the tree) of the playlist's slides.
    func names(_ playlist: String = "frame") -> [String] {
        session.slides(for: playlist).map { String($0.path.dropFirst(tree.path.count + 1)) }
    }

    /// Polls at `now`, first waiting (up to 2 s) for file events when some are expected.
    @discardableResult
    func poll(_ now: Double, expectEvents: Bool = false) -> SessionUpdate {
        if expectEvents, let watcher = session.watcher { _ = watcher.wait(timeout: 2) }
        return session.poll(now: now)
    }
}

private let folderPlaylist = """
    { "version": 1, "items": [ { "image": "title.png" }, { "folder": "photos", "recursive": true } ] }
    """

@Suite struct HotReloadTests {
    @Test func aNewFileShowsOnceItHasStoppedChanging() throws {
        let f = try Fixture(folderPlaylist, files: ["title.png", "photos/a.jpg", "photos/c.jpg"])
        #expect(f.names() == ["title.png", "photos/a.jpg", "photos/c.jpg"])
        try f.tree.write("photos/b.jpg")
        let update = f.poll(10, expectEvents: true)
        #expect(update.playlists.isEmpty)
        #expect(f.names() == ["title.png", "photos/a.jpg", "photos/c.jpg"])
        f.poll(10.9)
        #expect(!f.names().contains("photos/b.jpg"))
        let shown = f.poll(11.0)
        #expect(shown.playlists == ["frame"])
        #expect(f.names() == ["title.png", "photos/a.jpg", "photos/b.jpg", "photos/c.jpg"])
    }

    @Test func aSlowlyWrittenFileWaitsUntilItIsComplete() throws {
        let f = try Fixture(folderPlaylist, files: ["title.png", "photos/a.jpg"])
        let path = f.tree.at("photos/slow.jpg")
        // Written in place (not to a temporary file renamed into place, which counts as complete).
        try Data(repeating: 1, count: 1000).write(to: URL(fileURLWithPath: path))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        f.poll(20, expectEvents: true)
        // More arrives 0.8 s later, then more again 0.8 s after that: never 1 s unchanged.
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 2, count: 1000))
        f.poll(20.8, expectEvents: true)
        #expect(!f.names().contains("photos/slow.jpg"))
        try handle.write(contentsOf: Data(repeating: 3, count: 1000))
        f.poll(21.6, expectEvents: true)
        #expect(!f.names().contains("photos/slow.jpg"))
        try handle.close()
        f.poll(22.5, expectEvents: true)
        #expect(!f.names().contains("photos/slow.jpg"))
        // Complete at 21.6; shown within 2 s of that.
        f.poll(23.0)
        #expect(f.names().contains("photos/slow.jpg"))
    }

    @Test func aDeletedFileIsGoneAtOnceAndARenamedOneIsPickedUp() throws {
        let f = try Fixture(folderPlaylist, files: ["title.png", "photos/a.jpg", "photos/b.jpg", "photos/sub/c.jpg"])
        try f.tree.remove("photos/b.jpg")
        #expect(f.poll(30, expectEvents: true).playlists == ["frame"])
        #expect(f.names() == ["title.png", "photos/a.jpg", "photos/sub/c.jpg"])
        try f.tree.move("photos/a.jpg", "photos/z.jpg")
        f.poll(31, expectEvents: true)
        #expect(f.names() == ["title.png", "photos/sub/c.jpg", "photos/z.jpg"])
        // A single image item comes and goes with its file.
        try f.tree.move("title.png", "title-old.png")
        f.poll(32, expectEvents: true)
        #expect(f.names() == ["photos/sub/c.jpg", "photos/z.jpg"])
        try f.tree.move("title-old.png", "title.png")
        f.poll(33, expectEvents: true)
        #expect(f.names().first == "title.png")
        // A whole folder moved away, and a new one moved in.
        try f.tree.move("photos/sub", "elsewhere")
        f.poll(34, expectEvents: true)
        #expect(f.names() == ["title.png", "photos/z.jpg"])
        try f.tree.move("elsewhere", "photos/back")
        f.poll(35, expectEvents: true)
        #expect(f.names() == ["title.png", "photos/back/c.jpg", "photos/z.jpg"])
        // A new folder, then a file written into it.
        try f.tree.mkdir("photos/new")
        f.poll(36, expectEvents: true)
        try f.tree.write("photos/new/d.jpg")
        f.poll(36.1, expectEvents: true)
        f.poll(37.2)
        #expect(f.names() == ["title.png", "photos/back/c.jpg", "photos/new/d.jpg", "photos/z.jpg"])
        // Files that are not images, or hidden, never show.
        try f.tree.write("photos/notes.txt")
        try f.tree.write("photos/.hidden.jpg")
        f.poll(40, expectEvents: true)
        f.poll(42)
        #expect(f.names().count == 4)
    }

    @Test func aBrokenEditKeepsTheOldPlaylistAndAFixedOneReplacesIt() throws {
        let f = try Fixture(folderPlaylist, files: ["title.png", "photos/a.jpg", "other/x.jpg"])
        try f.tree.write("frame.json", "{ \"version\": 1, \"items\": [ { \"folder\": \"other\" }, ]")
        f.poll(50, expectEvents: true)
        let rejected = f.poll(51.1)
        #expect(!rejected.reloaded)
        #expect(rejected.rejected.count == 1)
        #expect(rejected.rejected.first?.hasSuffix("frame.json:1:51: error: trailing comma before ']'") == true)
        #expect(f.names() == ["title.png", "photos/a.jpg"])
        // A file that parses but does not validate is rejected too.
        try f.tree.write("frame.json", "{ \"version\": 1, \"items\": [ { \"folder\": \"other\", \"duration\": -1 } ] }")
        f.poll(52, expectEvents: true)
        #expect(
            f.poll(53.1).rejected.first?.hasSuffix("error: items[0].duration: must be a positive number of seconds")
                == true)
        #expect(f.names() == ["title.png", "photos/a.jpg"])
        // Fixed, written by an editor that saves to a temporary file and renames it.
        try f.tree.write(
            "frame.json.tmp",
            "{ \"version\": 1, \"defaults\": { \"interval\": 3 }, \"items\": [ { \"folder\": \"other\" } ] }")
        try FileManager.default.removeItem(atPath: f.tree.at("frame.json"))
        try f.tree.move("frame.json.tmp", "frame.json")
        let fixed = f.poll(54, expectEvents: true)
        #expect(fixed.reloaded)
        #expect(f.session.document.playlists[0].defaults.interval == 3)
        #expect(f.names() == ["other/x.jpg"])
        // The new folder is watched, the old one no longer shown.
        try f.tree.remove("other/x.jpg")
        f.poll(55, expectEvents: true)
        #expect(f.names().isEmpty)
    }

    @Test func aFileThatFailedToDecodeReturnsWhenItChanges() throws {
        let f = try Fixture(folderPlaylist, files: ["title.png", "photos/a.jpg"])
        #expect(f.session.markFailed(f.tree.at("photos/a.jpg")) == ["frame"])
        #expect(f.names() == ["title.png"])
        try f.tree.write("photos/a.jpg", "now complete")
        f.poll(60, expectEvents: true)
        let update = f.poll(61.5)
        #expect(update.playlists == ["frame"])
        #expect(update.rewritten == [f.tree.at("photos/a.jpg")])
        #expect(f.names() == ["title.png", "photos/a.jpg"])
    }

    @Test func aMissingFolderIsPickedUpWhenItAppears() throws {
        let f = try Fixture(folderPlaylist, files: ["title.png"])
        #expect(f.names() == ["title.png"])
        try f.tree.write("incoming/a.jpg")
        try f.tree.move("incoming", "photos")
        f.poll(70, expectEvents: true)
        #expect(f.names() == ["title.png", "photos/a.jpg"])
        try f.tree.remove("photos")
        f.poll(71, expectEvents: true)
        #expect(f.names() == ["title.png"])
    }
}
