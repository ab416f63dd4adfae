import Foundation
import Glibc
import Testing
import VitrineTestSupport

/// `--keep-going`: a kiosk whose playlist is broken at start shows the error and
/// starts the show by itself once the file is fixed.
@Suite("Keep going")
struct KeepGoingTests {
    @Test("A broken playlist at start waits on screen and plays once fixed")
    func brokenPlaylistThenFixed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-keep-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for name in ["camera.png", "rocket.jpg"] {
            try FileManager.default.copyItem(
                atPath: ChildProcess.demo + "/" + name, toPath: photos.appendingPathComponent(name).path)
        }
        let playlist = folder.appendingPathComponent("show.json")
        try Data(#"{ "version": 1, "items": [ { "folder": "photos", "duration": -2 } ] }"#.utf8).write(to: playlist)

        let refused = try ChildProcess([
            "play", playlist.path, "--config", "none", "--video-driver", "offscreen", "--renderer", "software",
            "--windowed", "320x180", "--no-resume",
        ])
        #expect(refused.waitForExit(timeout: 60) == 2, "without --keep-going a broken playlist is an error")

        let child = try ChildProcess([
            "play", playlist.path, "--config", "none", "--keep-going", "--video-driver", "offscreen", "--renderer",
            "software", "--windowed", "320x180", "--no-resume",
        ])
        #expect(child.waitForError(containing: "INFO play: renderer", timeout: 60), "it opens the display anyway")
        #expect(child.standardError.contains("items[0].duration: must be a positive number of seconds"))
        try Data(#"{ "version": 1, "items": [ { "folder": "photos", "duration": 2 } ] }"#.utf8).write(to: playlist)
        #expect(child.waitForError(containing: "the playlist can be played now", timeout: 60))
        #expect(child.waitForError(containing: "playlist 'show': 2 images", timeout: 60))
        child.send(SIGTERM)
        #expect(child.waitForExit(timeout: 30) == 0)
    }
}
