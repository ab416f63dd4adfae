import Foundation
import Glibc
import Testing
import VitrineTestSupport

/// `vitrine play` as systemd runs it: a fake notification socket, a watchdog
/// interval, and signals; SDL's offscreen driver stands in for the screen.
@Suite("Play as a service")
struct ServiceEndToEndTests {
    let headless = ["--video-driver", "offscreen", "--windowed", "320x180", "--renderer", "software"]

    @Test("READY after the first frame, STATUS, WATCHDOG while presenting; SIGTERM stops cleanly with 0")
    func notifyAndTerminate() throws {
        let socket = try FakeNotifySocket()
        let child = try ChildProcess(
            ["play", "--config", "none"] + headless,
            environment: ["NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "400000"])
        let ready = socket.wait(for: "READY=1", from: child.pid, timeout: 60)
        #expect(ready.found, "no READY=1; stderr: \(child.standardError)")
        #expect(ready.lines.contains { $0.hasPrefix("STATUS=showing 1/") })
        // Pings at half of 0.4 s: three of them come quickly while frames are drawn.
        var pings = ready.lines.filter { $0 == "WATCHDOG=1" }.count
        while pings < 3 {
            let next = socket.wait(for: "WATCHDOG=1", from: child.pid, timeout: 30)
            guard next.found else { break }
            pings += 1
        }
        #expect(pings >= 3)

        child.send(SIGTERM)
        let stopping = socket.wait(for: "STOPPING=1", from: child.pid, timeout: 30)
        #expect(stopping.found)
        #expect(child.waitForExit(timeout: 30) == 0)
        #expect(child.standardError.contains("INFO play: stopped at slide 1 of "))
    }

    @Test("SIGHUP reads the configuration again; a broken one keeps the show going")
    func reload() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-reload-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let two = folder.appendingPathComponent("two")
        let three = folder.appendingPathComponent("three")
        for (target, names) in [
            (two, ["camera.png", "rocket.jpg"]), (three, ["camera.png", "coffee.png", "rocket.jpg"]),
        ] {
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            for name in names {
                try FileManager.default.copyItem(
                    atPath: ChildProcess.demo + "/" + name, toPath: target.appendingPathComponent(name).path)
            }
        }
        let config = folder.appendingPathComponent("config.json")
        try Data(#"{"sources": ["two"], "interval": 5}"#.utf8).write(to: config)

        let socket = try FakeNotifySocket()
        let child = try ChildProcess(
            ["play", "--config", config.path] + headless, environment: ["NOTIFY_SOCKET": socket.path])
        let ready = socket.wait(for: "READY=1", from: child.pid, timeout: 60)
        #expect(ready.found, "no READY=1; stderr: \(child.standardError)")
        #expect(ready.lines.contains { $0.hasPrefix("STATUS=showing 1/2 ") })

        try Data(#"{"sources": ["three"], "interval": "often"}"#.utf8).write(to: config)
        child.send(SIGHUP)
        #expect(child.waitForError(containing: "reload failed, keeping the current show", timeout: 30))
        #expect(child.standardError.contains(#"key "interval""#))

        try Data(#"{"sources": ["three"], "interval": 5}"#.utf8).write(to: config)
        child.send(SIGHUP)
        #expect(child.waitForError(containing: "INFO play: reloaded: sources: 3 images", timeout: 30))
        let status = socket.wait(for: "READY=1", from: child.pid, timeout: 30)
        #expect(status.lines.contains("RELOADING=1"))

        child.send(SIGTERM)
        #expect(child.waitForExit(timeout: 30) == 0)
    }
}
