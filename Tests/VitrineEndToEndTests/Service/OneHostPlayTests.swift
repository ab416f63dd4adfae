import Foundation
import Glibc
import Testing
import VitrineTestSupport

/// `play` as a user runs it, against the defects one host fixed: folders that
/// go, SIGHUP on a playlist, a bad file in a folder, a folder still to come.
@Suite("Play: one host", .serialized)
struct OneHostPlayTests {
    private func folder(_ name: String, photos: [String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-onehost-\(UUID())/\(name)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for photo in photos {
            try FileManager.default.copyItem(
                atPath: ChildProcess.demo + "/" + photo, toPath: url.appendingPathComponent(photo).path)
        }
        return url
    }

    private let display = ["--config", "none", "--video-driver", "offscreen", "--renderer", "software"]

    @Test func removingOneOfTwoFoldersKeepsTheOthersPhotosPlaying() throws {
        let a = try folder("A", photos: ["camera.png", "rocket.jpg"])
        let b = try folder("B", photos: ["coffee.png"])
        defer { try? FileManager.default.removeItem(at: a.deletingLastPathComponent()) }
        let child = try ChildProcess(["play", a.path, b.path] + display + ["--windowed", "160x90", "--interval", "1"])
        #expect(child.waitForError(containing: "INFO play: sources: 3 images", timeout: 60))
        try FileManager.default.removeItem(at: b)
        #expect(child.waitForError(containing: "INFO play: sources: 2 images", timeout: 60))
        child.send(SIGTERM)
        #expect(child.waitForExit(timeout: 30) == 0)
        #expect(!child.standardError.contains("no image could be decoded"))
    }

    @Test func sighupReloadsAPlaylistFile() throws {
        let photos = try folder("photos", photos: ["camera.png", "rocket.jpg"])
        let root = photos.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let playlist = root.appendingPathComponent("show.json").path
        try Data("{ \"version\": 1, \"items\": [ { \"folder\": \"photos\" } ] }".utf8)
            .write(to: URL(fileURLWithPath: playlist))
        let child = try ChildProcess(["play", playlist, "--no-resume"] + display + ["--windowed", "160x90"])
        #expect(child.waitForError(containing: "INFO play: playlist 'show': 2 images", timeout: 60))
        child.send(SIGHUP)
        #expect(child.waitForError(containing: "INFO play: reloaded: playlist 'show': 2 images", timeout: 60))
        #expect(!child.standardError.contains("reload found no slides"))
        child.send(SIGTERM)
        #expect(child.waitForExit(timeout: 30) == 0)
    }

    @Test func aFileThatCannotBeDecodedIsWarnedAboutOnce() throws {
        let photos = try folder("photos", photos: ["camera.png", "rocket.jpg"])
        defer { try? FileManager.default.removeItem(at: photos.deletingLastPathComponent()) }
        // JPEG magic, then nothing a decoder can use.
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 200))
            .write(to: photos.appendingPathComponent("broken.jpg"))
        // Four seconds of show at 0.3 s a slide: the folder's photos come round a dozen times.
        let child = try ChildProcess(
            ["play", photos.path] + display + [
                "--windowed", "160x90", "--interval", "0.3", "--transition-duration", "0.1", "--quit-after", "4",
            ])
        #expect(child.waitForExit(timeout: 60) == 0)
        let warnings = child.standardError.components(separatedBy: "\n").filter { $0.contains("broken.jpg") }
        #expect(warnings.count == 1, "\(warnings)")
    }

    @Test func keepGoingWaitsForAFolderThatIsNotThereYet() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-onehost-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let later = root.appendingPathComponent("later")
        let child = try ChildProcess(["play", later.path, "--keep-going"] + display + ["--windowed", "160x90"])
        #expect(child.waitForError(containing: "INFO play: renderer", timeout: 60))
        try FileManager.default.createDirectory(at: later, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: ChildProcess.demo + "/camera.png", toPath: later.appendingPathComponent("camera.png").path)
        #expect(child.waitForError(containing: "INFO play: sources: 1 images", timeout: 60))
        child.send(SIGTERM)
        #expect(child.waitForExit(timeout: 30) == 0)
    }

    @Test func quitAfterEndsAShowThatOnlyEverShowedAStatusScreen() throws {
        let empty = try folder("empty", photos: [])
        defer { try? FileManager.default.removeItem(at: empty.deletingLastPathComponent()) }
        let child = try ChildProcess(
            ["play", empty.path, "--wait-for-images", "--quit-after", "1"] + display + ["--windowed", "160x90"])
        #expect(child.waitForExit(timeout: 30) == 0)
        #expect(child.standardError.contains("quitting after 1.0 s"))
    }
}
