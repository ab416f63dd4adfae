import Foundation
import Glibc
import Testing
import VitrineTestSupport

/// Where the show is across `systemctl reload` (SIGHUP) and `systemctl stop` / `start`, for
/// folders given in the configuration file or on the command line, as a service runs them.
@Suite("Play as a service: the slide across reload and restart", .serialized)
struct ServicePositionTests {
    private let headless = ["--video-driver", "offscreen", "--windowed", "160x90", "--renderer", "software"]

    /// A folder of four demo photos (astronaut, camera, coffee, rocket in name order), a state
    /// folder, and a configuration file that plays the folder every `interval` seconds.
    private final class Fixture {
        let root: URL
        var photos: String { root.appendingPathComponent("photos").path }
        var config: String { root.appendingPathComponent("config.json").path }
        var state: String { root.appendingPathComponent("state").path }

        init(interval: Double) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-position-\(UUID())")
            try FileManager.default.createDirectory(atPath: root.path + "/photos", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root.path + "/state", withIntermediateDirectories: true)
            for name in ["astronaut.png", "camera.png", "coffee.png", "rocket.jpg"] {
                try FileManager.default.copyItem(atPath: ChildProcess.demo + "/" + name, toPath: photos + "/" + name)
            }
            let text = #"{"sources": ["photos"], "interval": \#(interval), "transition-duration": 0.2}"#
            try Data(text.utf8).write(to: URL(fileURLWithPath: config))
        }

        deinit { try? FileManager.default.removeItem(at: root) }
    }

    /// The slide number in "stopped at slide N of 4".
    private func stoppedAt(_ log: String) -> Int? {
        guard let range = log.range(of: "stopped at slide ") else { return nil }
        return Int(log[range.upperBound...].prefix { $0.isNumber })
    }

    /// The slide number of the first "STATUS=showing N/…" line.
    private func showing(_ lines: [String]) -> Int? {
        guard let line = lines.first(where: { $0.hasPrefix("STATUS=showing ") }) else { return nil }
        return Int(line.dropFirst("STATUS=showing ".count).prefix { $0.isNumber })
    }

    @Test("SIGHUP rereads the configuration file and stays on the slide showing")
    func reloadKeepsTheSlide() throws {
        let f = try Fixture(interval: 2)
        let socket = try FakeNotifySocket()
        let child = try ChildProcess(
            ["play", "--config", f.config] + headless,
            environment: ["NOTIFY_SOCKET": socket.path, "XDG_STATE_HOME": f.state])
        #expect(socket.wait(for: "READY=1", from: child.pid, timeout: 60).found, "\(child.standardError)")
        let third = socket.wait(for: "STATUS=showing 3/4 coffee.png", from: child.pid, timeout: 60)
        #expect(third.found, "\(third.lines)")
        child.send(SIGHUP)
        #expect(child.waitForError(containing: "INFO play: reloaded: sources: 4 images", timeout: 30))
        child.send(SIGTERM)
        #expect(child.waitForExit(timeout: 30) == 0)
        // Back at the first slide would say 1 (or 2 after one interval); carried on says 3 or 4.
        let slide = stoppedAt(child.standardError)
        #expect(slide == 3 || slide == 4, "\(child.standardError)")
    }

    @Test(
        "Stopped and started again, the show carries on from the slide it showed",
        arguments: [true, false])
    func restartResumes(fromConfigFile: Bool) throws {
        let f = try Fixture(interval: 2)
        let arguments =
            fromConfigFile
            ? ["play", "--config", f.config] + headless
            : ["play", f.photos, "--config", "none", "--interval", "2"] + headless
        let socket = try FakeNotifySocket()
        let environment = ["NOTIFY_SOCKET": socket.path, "XDG_STATE_HOME": f.state]
        let first = try ChildProcess(arguments, environment: environment)
        let third = socket.wait(for: "STATUS=showing 3/4 coffee.png", from: first.pid, timeout: 60)
        #expect(third.found, "\(third.lines) \(first.standardError)")
        first.send(SIGTERM)
        #expect(first.waitForExit(timeout: 30) == 0)
        let stopped = try #require(stoppedAt(first.standardError), "\(first.standardError)")
        #expect(stopped >= 3)
        #expect(FileManager.default.fileExists(atPath: f.state + "/vitrine/position.json"))

        let second = try ChildProcess(arguments, environment: environment)
        let ready = socket.wait(for: "READY=1", from: second.pid, timeout: 60)
        #expect(ready.found, "\(second.standardError)")
        #expect(showing(ready.lines) == stopped, "\(ready.lines) \(second.standardError)")
        #expect(second.standardError.contains("resuming at "))
        second.send(SIGTERM)
        #expect(second.waitForExit(timeout: 30) == 0)
    }
}
