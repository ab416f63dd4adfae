import Foundation
import Glibc
import Testing
import VitrineTestSupport

/// A folder given on the command line is followed: photos copied in join the show,
/// deleted ones leave it.
@Suite("Following folders")
struct FollowSourcesTests {
    @Test("A photo copied into the folder joins the show; a deleted one leaves it")
    func copyAndDelete() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-follow-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["camera.png", "rocket.jpg"] {
            try FileManager.default.copyItem(
                atPath: ChildProcess.demo + "/" + name, toPath: folder.appendingPathComponent(name).path)
        }
        let child = try ChildProcess([
            "play", folder.path, "--config", "none", "--video-driver", "offscreen", "--renderer", "software",
            "--windowed", "320x180", "--interval", "1", "--transition-duration", "0.2",
        ])
        #expect(child.waitForError(containing: "INFO play: renderer", timeout: 60))
        try FileManager.default.copyItem(
            atPath: ChildProcess.demo + "/coffee.png", toPath: folder.appendingPathComponent("coffee.png").path)
        #expect(child.waitForError(containing: "INFO play: sources: 3 images", timeout: 60))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("rocket.jpg"))
        #expect(child.waitForError(containing: "INFO play: sources: 2 images", timeout: 60))
        child.send(SIGTERM)
        #expect(child.waitForExit(timeout: 30) == 0)
    }
}
