import Foundation
import Glibc
import Testing
import VitrineTestSupport

/// A watched folder whose file system goes and comes back while the show plays, as a USB
/// stick pulled and plugged in again: a tmpfs mounted on the folder, unmounted lazily, a new
/// one with the same photos mounted in its place, then remounted read-only. Needs root (to
/// mount), as in CI.
@Suite("Storage that comes and goes", .serialized, .enabled(if: getuid() == 0))
struct RemountTests {
    private let headless = [
        "--config", "none", "--video-driver", "offscreen", "--windowed", "160x90", "--renderer", "software",
        "--interval", "0.5", "--transition-duration", "0.1", "--no-resume",
    ]

    /// Runs `mount`/`umount` with `arguments`; its exit status.
    @discardableResult
    private func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Waits for a new STATUS=showing line naming another slide than `than`; that slide's line.
    private func nextSlide(_ socket: FakeNotifySocket, from pid: Int32, than: String?, timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard let datagram = socket.receive(timeout: deadline.timeIntervalSinceNow), datagram.sender == pid
            else { continue }
            if let line = datagram.lines.last(where: { $0.hasPrefix("STATUS=showing ") }), line != than {
                return line
            }
        }
        return nil
    }

    /// Waits for a STATUS line saying the show has `count` slides ("showing i/count …").
    private func slides(_ socket: FakeNotifySocket, from pid: Int32, count: Int, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard let datagram = socket.receive(timeout: max(0, deadline.timeIntervalSinceNow)), datagram.sender == pid
            else { continue }
            if datagram.lines.contains(where: { $0.hasPrefix("STATUS=showing ") && $0.contains("/\(count) ") }) {
                return true
            }
        }
        return false
    }

    @Test("Unmounted and mounted again during play: every photo back within 5 s, a new one shows, read-only plays on")
    func aStickPulledAndPluggedBack() throws {
        let tree = try TemporaryFolder()
        try tree.mkdir("photos")
        let photos = tree.at("photos")
        func plugIn() throws {
            #expect(try run("/bin/mount", ["-t", "tmpfs", "-o", "size=16m", "tmpfs", photos]) == 0)
            try TestPictures.write(count: 6, into: photos)
        }
        try plugIn()
        defer { _ = try? run("/bin/umount", ["-l", photos]) }

        let socket = try FakeNotifySocket()
        let child = try ChildProcess(["play", photos] + headless, environment: ["NOTIFY_SOCKET": socket.path])
        #expect(child.waitForError(containing: "INFO play: sources: 6 images", timeout: 60), "\(child.standardError)")
        // Playing: the first photo is on the screen.
        #expect(socket.wait(for: "READY=1", from: child.pid, timeout: 60).found, "\(child.standardError)")

        // Pulled: the photos leave the show.
        #expect(try run("/bin/umount", ["-l", photos]) == 0)
        #expect(child.waitForError(containing: "INFO play: sources: 0 images", timeout: 10), "\(child.standardError)")

        // Plugged back: every photo returns within 5 s, without a reload (the STATUS line counts
        // the slides; the log says a count that only moves at most once a minute).
        try plugIn()
        #expect(slides(socket, from: child.pid, count: 6, timeout: 5), "not back within 5 s: \(child.standardError)")

        // A photo added after the return is seen.
        try TestPictures.writeBMP(photos + "/06.bmp", width: 160, height: 90) { _, _ in (255, 255, 255) }
        #expect(slides(socket, from: child.pid, count: 7, timeout: 10), "\(child.standardError)")
        #expect(nextSlide(socket, from: child.pid, than: nil, timeout: 30) != nil)

        // Read-only: one warning, and the show goes on.
        #expect(try run("/bin/mount", ["-o", "remount,ro", photos]) == 0)
        #expect(child.waitForError(containing: "is read-only now", timeout: 10), "\(child.standardError)")
        let first = nextSlide(socket, from: child.pid, than: nil, timeout: 30)
        #expect(first != nil)
        #expect(nextSlide(socket, from: child.pid, than: first, timeout: 30) != nil, "the show stopped")
        #expect(child.standardError.components(separatedBy: "is read-only now").count == 2, "\(child.standardError)")
        #expect(!child.standardError.contains("reloaded"))
        child.send(SIGTERM)
        #expect(child.waitForExit(timeout: 30) == 0)
    }
}
